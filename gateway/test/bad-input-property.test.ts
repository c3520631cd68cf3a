import http from 'node:http';
import fc from 'fast-check';
import { API_ROUTES, apiErrorSchema, type RoutePolicy } from '@podz/proto';
import { pngCover, wavTone } from '../../services/media/src/uploads/generate-media';
import { signIn } from '../../scripts/demo/seed-demo-network';
import { DEMO_PASSWORD, startFullStack, type FullStack } from '../../e2e/support/full-stack';

/**
 * Bad input, generated from proto's route table: every route, called as anyone from an anonymous
 * visitor to an admin, with malformed path parameters, queries, bodies, encodings and headers.
 * Whatever arrives, PODZ answers below 500, in the API error shape when it refuses, refuses every
 * write whose body is bad, and changes nothing it was not asked to.
 *
 * A failure prints fast-check's seed and the shrunk request; FUZZ_SEED=<seed> replays a run.
 */

const CASES_MIN = 5000;
const RUNS_PER_ROUTE = Math.ceil(CASES_MIN / API_ROUTES.length) + 2;
const ROLES = ['anonymous', 'user', 'owner', 'host', 'editor', 'admin'] as const;
type Role = (typeof ROLES)[number];

let stack: FullStack;
const tokens = new Map<Role, string>();
/** Real values for path parameters, by route: writes aimed at real records must still be refused. */
let real: (route: RoutePolicy, param: string) => string | undefined;
let before: string;
const tally = { cases: 0, byStatus: new Map<number, number>() };

interface Answer {
  status: number;
  type: string;
  body: Buffer;
}

/** One raw request: no client-side normalising of the path, the headers or the body. */
function send(method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  const { hostname, port } = new URL(stack.origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        method,
        path,
        headers: body ? { ...headers, 'content-length': body.length } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
    // A server may answer (413, 415) and close before the whole body is sent: the answer counts.
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', (err) => {
      if (!answered) reject(new Error(`${method} ${path.slice(0, 200)}: ${err.message}, no answer`));
    });
    req.end(body);
  });
}

const json = async (method: string, path: string, role: Role, body?: unknown) => {
  const headers: Record<string, string> = { origin: stack.origin, 'content-type': 'application/json' };
  if (tokens.has(role)) headers.authorization = `Bearer ${tokens.get(role)}`;
  const res = await send(
    method,
    path,
    headers,
    body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
  );
  const parsed = res.body.length ? JSON.parse(res.body.toString()) : undefined;
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${res.body.toString()}`);
  return parsed;
};

async function upload(
  kind: 'audio' | 'images',
  bytes: Buffer,
  name: string,
): Promise<{ id: string; url: string }> {
  const boundary = 'fuzz-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await send(
    'POST',
    `/api/media/${kind}`,
    {
      origin: stack.origin,
      authorization: `Bearer ${tokens.get('owner')}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
  );
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.body.toString()}`);
  return JSON.parse(res.body.toString());
}

/** What a careless client or an attacker could change: every record the fixture made, as admins and members see it. */
async function snapshot(): Promise<string> {
  const reads: [string, Role][] = [
    ['/api/users?limit=100', 'admin'],
    ['/api/podcasts/all-podcasts?limit=100', 'admin'],
    ['/api/podcasts?limit=100', 'owner'],
    ['/api/episodes?limit=100', 'admin'],
    ['/api/media?limit=100', 'admin'],
    ['/api/requests?limit=100', 'admin'],
    ['/api/conversations?limit=100', 'owner'],
    ['/api/conversations?limit=100', 'user'],
    ['/api/content/forms?limit=100', 'admin'],
    ['/api/pricing-plans/all', 'admin'],
    ['/api/docs', 'admin'],
    ['/api/content/pages/home', 'admin'],
    ['/api/content/pages/home/versions', 'admin'],
    ['/api/podcasts/followed?limit=100', 'user'],
    ['/api/private-feeds', 'owner'],
  ];
  const answers = [];
  for (const [path, role] of reads) answers.push([path, role, await json('GET', path, role)]);
  return JSON.stringify(answers, null, 1);
}

beforeAll(async () => {
  stack = await startFullStack({ demo: false });
  for (const role of ROLES) {
    if (role !== 'anonymous')
      tokens.set(role, (await signIn(stack.identityUrl, `demo-${role}`, DEMO_PASSWORD)).token);
  }
  const me = async (role: Role) => (await json('GET', '/api/user', role)).id as string;
  const ids = { user: await me('user'), owner: await me('owner'), host: await me('host') };
  const cover = await upload(
    'images',
    pngCover({ size: 64, seed: 5, colors: ['#102030', '#a0b0c0'] }),
    'c.png',
  );
  const audio = await upload('audio', wavTone({ seconds: 1, notes: [440] }), 'a.wav');
  // Catalog hears of the demo people through identity's events: retry until it knows the host.
  const deadline = Date.now() + 60_000;
  let show: { id: string; uId: string; name: string } | undefined;
  while (!show) {
    try {
      show = await json('POST', '/api/podcasts', 'owner', {
        name: 'Fuzz Target',
        category: 'Music',
        logoId: cover.id,
        hostIds: [ids.host],
      });
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  const episode = await json('POST', '/api/episodes', 'owner', {
    podcastId: show.id,
    title: 'Fuzz Episode',
    audioId: audio.id,
  });
  // The upload's processing moves the episode onto its rendition: settled before the fuzzing, so
  // the state compared after it is the state it started from.
  const rendition = `/media/audio/${audio.id}.house.mp3`;
  for (const settled = Date.now() + 60_000; ;) {
    if ((await json('GET', `/api/episodes/${episode.id}`, 'owner')).audio?.url === rendition) break;
    if (Date.now() > settled) throw new Error('the episode never moved onto its rendition');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await json('PATCH', `/api/podcasts/${show.id}/follow`, 'user');
  // A premium show with a private feed, so the feed's route meets its real token too. Catalog hears
  // of content's plans through their events: retry until it knows the paid one.
  for (let tries = 0; ; tries += 1) {
    try {
      await json('PUT', `/api/podcasts/${show.id}`, 'owner', { premium: { plans: ['pro'] } });
      break;
    } catch (err) {
      if (tries > 200) throw err;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  const privateFeed = await json('POST', `/api/podcasts/${show.id}/private-feed`, 'owner');
  const request = await json('POST', '/api/requests', 'user', {
    role: 'owner',
    message: 'Let me run a show',
  });
  const conversation = await json('POST', '/api/conversations', 'user', {
    recipientId: ids.owner,
    text: 'Hello',
  });
  const form = await json('POST', '/api/content/forms/contact', 'anonymous', {
    name: 'Fuzz Sender',
    email: 'fuzz@example.com',
    message: 'A message long enough to keep',
  });
  const items = <T>(answer: { items: T[] }) => answer.items;
  const plan = items<{ id: string }>(await json('GET', '/api/pricing-plans/all', 'admin'))[0]!;
  const doc = items<{ slug: string }>(await json('GET', '/api/docs', 'admin'))[0]!;

  const byPrefix: [string, Record<string, string>][] = [
    ['/api/users/', { id: ids.user }],
    ['/api/podcasts/', { id: show.id, name: show.name }],
    ['/api/episodes/', { id: episode.id }],
    ['/api/media/', { id: audio.id }],
    ['/media/audio/', { file: audio.url.split('/').pop()! }],
    ['/media/images/', { file: cover.url.split('/').pop()! }],
    ['/shows/', { uId: show.uId }],
    ['/feeds/', { token: new URL(privateFeed.url).pathname.split('/')[2]! }],
    ['/api/private-feeds/', { id: privateFeed.id }],
    ['/api/requests/', { id: request.id }],
    ['/api/conversations/', { id: conversation.conversation?.id ?? conversation.id }],
    ['/api/content/forms/', { id: form.id }],
    ['/api/content/pages/', { slug: 'home', version: '1' }],
    ['/api/pricing-plans/', { id: plan.id }],
    ['/api/docs/', { slug: doc.slug }],
  ];
  real = (route, param) => byPrefix.find(([prefix]) => route.path.startsWith(prefix))?.[1][param];
  before = await snapshot();
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

// ---------------------------------------------------------------- generators

const printable = (max: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: max,
  });
const anyText = (max: number) => fc.string({ unit: 'binary', maxLength: max });
/** Percent-encoded, or the raw malformed sequence a lone surrogate would make a browser send. */
const encoded = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

/** A path parameter that is not a record's id, in every shape a careless or hostile client sends. */
const badSegment = fc.oneof(
  anyText(40).map(encoded),
  fc.constantFrom(
    '%zz',
    '%',
    '%C3%28',
    '%E0%A4%A',
    '%00',
    '%2e%2e',
    '..',
    '.',
    '%2F',
    'null',
    'undefined',
    '0',
    '-1',
  ),
  fc.constantFrom(
    '64b7f0c2a1b2c3d4e5f6071',
    '64b7f0c2a1b2c3d4e5f607180',
    '64B7F0C2A1B2C3D4E5F6071Z',
    'ZZZZZZZZZZZZZZZZZZZZZZZZ',
  ),
  fc.stringMatching(/^[0-9a-f]{24}$/),
  fc.integer({ min: 100, max: 5000 }).map((n) => 'a'.repeat(n)),
  fc.constantFrom('%24ne', '%7B%22%24gt%22%3A%22%22%7D', '__proto__', 'constructor', 'feed.xml%00.png'),
);

const QUERY_KEYS = [
  'page',
  'limit',
  'search',
  'q',
  'kind',
  'status',
  'role',
  'podcastId',
  'userId',
  'userType',
  'featured',
  'unfollow',
  'category',
  'owner',
  'sort',
  'id',
  'days',
  'metric',
  'plan',
  'type',
];
const queryPair = fc.tuple(
  fc.oneof(
    fc.constantFrom(...QUERY_KEYS),
    printable(12).map(encoded),
    fc.constantFrom('a[b]', 'a[]', '__proto__[admin]', 'constructor[prototype][x]', '%zz', '$where'),
  ),
  fc.oneof(
    anyText(30).map(encoded),
    fc.constantFrom(
      '',
      '-1',
      '0',
      '1e309',
      'NaN',
      '99999999999999999999',
      'true',
      '%zz',
      '%',
      'a%00b',
      '%5Bobject%20Object%5D',
      'a'.repeat(3000),
    ),
    fc.integer().map(String),
  ),
);
const query = fc
  .array(queryPair, { maxLength: 6 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

const FIELDS = [
  'name',
  'title',
  'description',
  'status',
  'featured',
  'role',
  'access',
  'plan',
  'password',
  'currentPassword',
  'email',
  'username',
  'text',
  'recipientId',
  'podcastId',
  'audioId',
  'logoId',
  'hostIds',
  'guestIds',
  'expectedVersion',
  'price',
  'handled',
  'note',
  'markdown',
  'hero',
  'sections',
  'userId',
  'id',
  'csrfToken',
  'message',
  'links',
  'bio',
  'profilePicture',
  'crew',
  'publishedAt',
];
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    { $ne: null },
    { $gt: '' },
    { $where: 'sleep(1000)' },
    '\u0000',
    '\u202Eevil',
    '<script>alert(1)</script>',
    'a'.repeat(20_000),
    1e308,
    -1,
  ),
);
/** An object no write schema accepts: strict schemas refuse the unknown key it always carries. */
const junkObject = fc
  .tuple(fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 }), printable(10))
  .map(([fields, suffix]) => JSON.stringify({ ...fields, [`fuzz_${suffix}`]: true }));

type BodyCase = { kind: string; type?: string; encoding?: string; bytes?: Buffer };

const MANY_VALUES: BodyCase = {
  kind: 'too many values',
  type: 'application/json',
  bytes: Buffer.from(`[${'0,'.repeat(25_000)}0]`),
};
// Over every service's limit (content's is the largest, 512 kB).
const TOO_LARGE: BodyCase = {
  kind: 'too large',
  type: 'application/json',
  bytes: Buffer.from(`{"fuzz":"${'x'.repeat(600_000)}"}`),
};

const ordinaryBadBody: fc.Arbitrary<BodyCase> = fc.oneof(
  junkObject.map((text) => ({ kind: 'junk object', type: 'application/json', bytes: Buffer.from(text) })),
  fc
    .array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 5 })
    .map((items) => ({ kind: 'array', type: 'application/json', bytes: Buffer.from(JSON.stringify(items)) })),
  fc
    .constantFrom(
      '"text"',
      '42',
      'null',
      'true',
      '{',
      '{"a":',
      '[1,2',
      '{"a":1}}',
      "{'a':1}",
      '\u0000',
      '{"a":1,}',
      'undefined',
      '{"__proto__":',
    )
    .map((text) => ({
      kind: 'not JSON or not an object',
      type: 'application/json',
      bytes: Buffer.from(text),
    })),
  fc.tuple(fc.integer({ min: 33, max: 5000 }), fc.boolean()).map(([depth, arrays]) => ({
    kind: 'deep',
    type: 'application/json',
    bytes: Buffer.from(
      arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    ),
  })),
  fc
    .tuple(
      fc.constantFrom('gzip', 'br', 'deflate', 'compress', 'gzip, br', 'identity, gzip', 'x-garbage', 'GZIP'),
      junkObject,
    )
    .map(([encoding, text]) => ({
      kind: 'encoded',
      type: 'application/json',
      encoding,
      bytes: Buffer.from(text),
    })),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'multipart/form-data',
        'application/octet-stream',
        'application/json; charset=utf-7',
        'application/x-www-form-urlencoded',
        'garbage',
        '',
      ),
      printable(200),
    )
    .map(([type, text]) => ({
      kind: `as ${type || 'no type'}`,
      type: type || undefined,
      bytes: Buffer.from(`fuzz=1&${text}`),
    })),
);

/** Bodies that must be refused wherever they go, even aimed at a real record by its owner. */
const badBody = fc.oneof(
  { arbitrary: ordinaryBadBody, weight: 40 },
  // Rare, being large: a few dozen of each per run.
  { arbitrary: fc.constantFrom(MANY_VALUES, TOO_LARGE), weight: 1 },
);

const GARBAGE_HEADERS = [
  'authorization',
  'cookie',
  'x-forwarded-for',
  'range',
  'if-none-match',
  'if-modified-since',
  'accept',
  'accept-language',
  'origin',
  'x-request-id',
  'x-http-method-override',
  'idempotency-key',
  'referer',
];
const headerNoise = fc.dictionary(
  fc.constantFrom(...GARBAGE_HEADERS),
  fc.oneof(
    printable(120),
    fc.constantFrom(
      'Bearer ',
      'Bearer x.y.z',
      'Basic YWRtaW46YWRtaW4=',
      'podz.session-token=garbage',
      'bytes=9-1',
      'bytes=-',
      'bytes=0-99999999999999999999',
      '*',
      'null',
      'http://evil.example',
    ),
    printable(10).map((s) => s.repeat(400)),
  ),
  { maxKeys: 3 },
);

const isWrite = (route: RoutePolicy) => route.method !== 'GET';
// NextAuth's calls answer in NextAuth's shapes (redirects, `{ url }`), and client logs take any fields.
const speaksNextAuth = (route: RoutePolicy) => route.path.startsWith('/api/auth/');

function requestFor(route: RoutePolicy) {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return fc.record({
    role: fc.constantFrom(...ROLES),
    // Reads may aim at real records with anything else wrong; writes too, because their body is bad.
    segments: fc.tuple(
      ...params.map((param) =>
        real(route, param)
          ? fc.oneof(fc.constant(encodeURIComponent(real(route, param)!)), badSegment)
          : badSegment,
      ),
    ),
    query,
    body: isWrite(route) ? badBody : fc.option(badBody, { freq: 3 }),
    headers: headerNoise,
  });
}

// ---------------------------------------------------------------- the suite

describe('bad input over every route of the table', () => {
  it.each(API_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: never a 5xx, refusals in the error shape, bad writes refused',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (input) => {
          let i = 0;
          const path = route.path.replace(/:(\w+)/g, () => input.segments[i++]!) + input.query;
          const body = input.body ?? undefined;
          const headers: Record<string, string> = { origin: stack.origin };
          if (tokens.has(input.role)) headers.authorization = `Bearer ${tokens.get(input.role)}`;
          if (body?.type) headers['content-type'] = body.type;
          if (body?.encoding) headers['content-encoding'] = body.encoding;
          Object.assign(headers, input.headers);
          const res = await send(route.method, path, headers, body?.bytes);
          tally.cases++;
          tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);

          const what = `${route.method} ${path.slice(0, 200)} as ${input.role} with ${body?.kind ?? 'no body'}: ${res.status} ${res.body.toString().slice(0, 300)}`;
          if (res.status >= 500 || res.status < 200) throw new Error(`server error: ${what}`);
          if (isWrite(route) && !speaksNextAuth(route) && res.status < 400)
            throw new Error(`bad write accepted: ${what}`);
          if (res.status >= 400 && !speaksNextAuth(route)) {
            if (!res.type.includes('application/json')) throw new Error(`refusal not in JSON: ${what}`);
            const shape = apiErrorSchema.safeParse(JSON.parse(res.body.toString()));
            if (!shape.success) throw new Error(`refusal not in the error shape: ${what}`);
          }
        }),
        {
          numRuns: RUNS_PER_ROUTE,
          ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
        },
      );
    },
    120_000,
  );

  it(`ran at least ${CASES_MIN} cases and changed nothing it was not asked to`, async () => {
    const counts = [...tally.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`);
    process.stdout.write(
      `\n  bad input: ${tally.cases} requests over ${API_ROUTES.length} routes; ${counts.join(', ')}\n`,
    );
    expect(tally.cases).toBeGreaterThanOrEqual(CASES_MIN);
    expect(await snapshot()).toBe(before);
    // The sessions the suite used are still good: no bad request signed anyone out.
    for (const role of ROLES) if (role !== 'anonymous') await json('GET', '/api/user', role);
  });
});
