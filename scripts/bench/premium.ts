// The premium listening figures of `npm run bench` (group `premium`): a member's private feed of the
// 1,000-episode show through the gateway (cold, warm, 304 on repeat), premium audio with a member's
// key against public audio in the same run, and how long a revoked plan takes to close the feed (410)
// and the audio (403).
import type { Redis } from 'ioredis';
import { wavTone } from '../../services/media/src/uploads/generate-media';
import { signIn } from '../demo/seed-demo-network';
import { playingRendition } from './audio';
import { atLeast, atMost, percentile, type Figure } from './bench-kit';
import { dropCatalogAnswers, type BenchStack } from './bench-stack';
import { load } from './http-load';
import { rangeLoad } from './range-client';
import { BENCH_PASSWORD, type SeededNetwork } from './seed-network';

/** The public feed's cold render of the same show, measured in the RSS stage. */
export const PUBLIC_FEED_COLD = 'public feed cold render';
/**
 * A member's private feed renders cold within this many of the public feed's of the same show: the
 * same items, and the member's link and plan checked.
 */
const PRIVATE_FEED_IN_PUBLIC_RENDERS = 3;
/** How long catalog's and media's gates trust what they read of a member's plan and feeds. */
const GATE_FRESH_MS = 1000;
/**
 * A revoked plan closes the feed and the audio within this many cache windows: the plan's event
 * crossing to catalog and media, and each gate's window running out.
 */
const REVOKED_IN_WINDOWS = 4;
const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const RANGE = 256 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Call = (path: string, init?: { method?: string; body?: unknown; token?: string }) => Promise<Response>;

function caller(stack: BenchStack): Call {
  return (path, { method = 'GET', body, token } = {}) =>
    fetch(`${stack.gatewayUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

async function expectStatus(res: Response, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/** Until catalog has heard content's plans: a show naming one is refused before. */
async function makePremium(call: Call, token: string, podcastId: string, body: object) {
  for (let tries = 0; ; tries += 1) {
    const res = await call(`/api/podcasts/${podcastId}`, { method: 'PUT', body: { premium: body }, token });
    if (res.status === 200) return;
    if (tries > 100) await expectStatus(res, 200, 'premium show');
    await sleep(200);
  }
}

/** A five-minute episode of the admin's (about 5 MB as served), on a show of its own, public or premium. */
async function longEpisode(call: Call, stack: BenchStack, token: string, premium: boolean) {
  const show = (await (
    await expectStatus(
      await call('/api/podcasts', {
        method: 'POST',
        token,
        body: {
          name: `Premium bench ${stack.run} ${premium ? 'members' : 'public'}`,
          category: 'Technology',
        },
      }),
      201,
      'show',
    )
  ).json()) as { id: string };
  if (premium) await makePremium(call, token, show.id, { plans: ['pro'], allEpisodes: true });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(wavTone({ seconds: 300, notes: [330, 440] }))]), 'long.wav');
  const upload = await fetch(`${stack.gatewayUrl}/api/media/audio`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const audio = (await (await expectStatus(upload, 201, 'upload')).json()) as { id: string };
  const episode = (await (
    await expectStatus(
      await call('/api/episodes', {
        method: 'POST',
        token,
        body: { podcastId: show.id, title: 'Long', audioId: audio.id },
      }),
      201,
      'episode',
    )
  ).json()) as { id: string };
  return { showId: show.id, url: (await playingRendition(stack, token, episode.id, audio.id)).url };
}

/** A member moved to `plan` by the admin, once catalog says what that unlocks on the show. */
async function movePlan(
  call: Call,
  admin: string,
  member: { id: string; token: string },
  plan: string,
  showId: string,
) {
  await expectStatus(
    await call(`/api/users/${member.id}/plan`, { method: 'PATCH', token: admin, body: { plan } }),
    200,
    'plan change',
  );
  const entitled = plan === 'pro';
  for (let tries = 0; tries < 300; tries += 1) {
    const access = (await (
      await call(`/api/podcasts/${showId}/premium`, { token: member.token })
    ).json()) as {
      entitled: boolean;
    };
    if (access.entitled === entitled) return;
    await sleep(50);
  }
  throw new Error(`the member's plan ${plan} did not reach catalog`);
}

const feedPathOf = (url: string) => new URL(url).pathname;
const keyOf = (xml: string) => /\?k=([^"&]+)"/.exec(xml)?.[1] ?? '';

async function rangedPass(stack: BenchStack, path: string) {
  const before = stack.cpuSeconds('media');
  const result = await rangeLoad({
    url: `${stack.gatewayUrl}${path}`,
    headers: { range: `bytes=${RANGE}-${2 * RANGE - 1}`, 'user-agent': OVERCAST },
    connections: 20,
    warmupSeconds: 2,
    seconds: 6,
    status: 206,
  });
  if (result.unexpected) throw new Error(`ranged audio ${path}: ${result.breakdown}`);
  // The warm-up's requests were answered too, and their CPU counted.
  const requests = result.requestsPerSecond * 8;
  return {
    rps: result.requestsPerSecond,
    mediaMs: ((stack.cpuSeconds('media') - before) * 1000) / requests,
  };
}

export async function premiumBench(
  stack: BenchStack,
  seeded: SeededNetwork,
  redis: Redis,
): Promise<Figure[]> {
  const call = caller(stack);
  const admin = (await signIn(stack.urls.identity, 'admin', stack.adminPassword)).token;
  const user = seeded.users[seeded.users.length - 1]!;
  const member = {
    id: user.id,
    token: (await signIn(stack.urls.identity, user.username, BENCH_PASSWORD)).token,
  };

  // The 1,000-episode show turns members-only, and a member on Pro opens their private feed of it.
  await makePremium(call, admin, seeded.bigShow.id, { plans: ['pro'], allEpisodes: true });
  await movePlan(call, admin, member, 'pro', seeded.bigShow.id);
  const opened = (await (
    await expectStatus(
      await call(`/api/podcasts/${seeded.bigShow.id}/private-feed`, { method: 'POST', token: member.token }),
      200,
      'private feed',
    )
  ).json()) as { url: string };
  const feedPath = feedPathOf(opened.url);
  const cold: number[] = [];
  for (let n = 0; n < 7; n += 1) {
    // A new cache generation, and past the second catalog keeps a members' feed in its process:
    // the feed is rendered from the store again.
    await dropCatalogAnswers(stack, redis);
    await sleep(1100);
    const started = performance.now();
    const res = await fetch(`${stack.gatewayUrl}${feedPath}`, { headers: { 'user-agent': OVERCAST } });
    await expectStatus(res, 200, 'private feed, cold');
    await res.text();
    cold.push(performance.now() - started);
  }
  const first = await fetch(`${stack.gatewayUrl}${feedPath}`);
  const etag = first.headers.get('etag') ?? '';
  const items = ((await first.text()).match(/<item>/g) ?? []).length;
  const warm = await load(`${stack.gatewayUrl}${feedPath}`, { headers: { 'user-agent': OVERCAST } });
  const repeat = await load(`${stack.gatewayUrl}${feedPath}`, {
    headers: { 'user-agent': OVERCAST, 'if-none-match': etag },
    status: 304,
  });
  for (const result of [warm, repeat])
    if (result.unexpected) throw new Error(`private feed: ${result.breakdown}`);

  // Premium audio with the member's key against public audio of the same length, same run, four
  // passes (public, premium, premium, public) as the recording figure does.
  const open = await longEpisode(call, stack, admin, false);
  const locked = await longEpisode(call, stack, admin, true);
  const theirs = (await (
    await expectStatus(
      await call(`/api/podcasts/${locked.showId}/private-feed`, { method: 'POST', token: member.token }),
      200,
      'private feed of the audio show',
    )
  ).json()) as { url: string };
  const key = keyOf(await (await fetch(`${stack.gatewayUrl}${feedPathOf(theirs.url)}`)).text());
  const premiumPath = `${locked.url}?k=${key}`;
  await rangedPass(stack, open.url);
  const passes = {
    public: [] as Awaited<ReturnType<typeof rangedPass>>[],
    premium: [] as Awaited<ReturnType<typeof rangedPass>>[],
  };
  for (const side of ['public', 'premium', 'premium', 'public'] as const) {
    passes[side].push(await rangedPass(stack, side === 'public' ? open.url : premiumPath));
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const rps = (side: keyof typeof passes) => mean(passes[side].map((pass) => pass.rps));
  const cpu = (side: keyof typeof passes) => mean(passes[side].map((pass) => pass.mediaMs));

  // Revocation: the admin moves the member back to free; how long until the feed answers 410 and
  // the audio 403, five times (the member is moved back to Pro between).
  const revoked: number[] = [];
  for (let n = 0; n < 5; n += 1) {
    const started = performance.now();
    await expectStatus(
      await call(`/api/users/${member.id}/plan`, { method: 'PATCH', token: admin, body: { plan: 'free' } }),
      200,
      'plan change',
    );
    let feedClosed = false;
    let audioClosed = false;
    while (!(feedClosed && audioClosed) && performance.now() - started < 30_000) {
      const [feed, audio]: (Response | null)[] = await Promise.all([
        feedClosed ? null : fetch(`${stack.gatewayUrl}${feedPath}`),
        audioClosed ? null : fetch(`${stack.gatewayUrl}${premiumPath}`, { headers: { range: 'bytes=0-1' } }),
      ]);
      feedClosed ||= feed?.status === 410;
      audioClosed ||= audio?.status === 403;
      await Promise.all([feed?.arrayBuffer(), audio?.arrayBuffer()]);
      if (!(feedClosed && audioClosed)) await sleep(20);
    }
    revoked.push(performance.now() - started);
    await movePlan(call, admin, member, 'pro', seeded.bigShow.id);
  }

  return [
    {
      name: `private feed (${items} items), cold render through the gateway, p50`,
      value: percentile(cold, 50),
      unit: 'ms',
      versus: PUBLIC_FEED_COLD,
      goal: atMost(PRIVATE_FEED_IN_PUBLIC_RENDERS),
    },
    { name: 'private feed, warm, p50', value: warm.p50, unit: 'ms' },
    { name: 'private feed with If-None-Match → 304, p50', value: repeat.p50, unit: 'ms' },
    { name: 'private feed → 304', value: repeat.requestsPerSecond, unit: 'req/s' },
    { name: 'premium audio, 256 kB ranges, member key, 20 conns', value: rps('premium'), unit: 'req/s' },
    { name: 'public audio, same run', value: rps('public'), unit: 'req/s' },
    {
      name: 'premium audio ÷ public audio',
      value: rps('premium') / rps('public'),
      unit: '×',
      goal: atLeast(0.9),
    },
    {
      name: 'audio, each pass public, premium, premium, public',
      value: passes.public[0]?.rps ?? 0,
      unit: `req/s, then ${[passes.premium[0], passes.premium[1], passes.public[1]].map((pass) => (pass?.rps ?? 0).toFixed(0)).join(', ')}`,
    },
    {
      name: 'media CPU per ranged request, premium',
      value: cpu('premium'),
      unit: `ms (public ${cpu('public').toFixed(3)} ms)`,
    },
    {
      name: 'plan revoked → feed 410 and audio 403, worst of 5',
      value: Math.max(...revoked),
      unit: 'ms',
      versus: { name: 'the gates’ cache window', value: GATE_FRESH_MS, unit: 'ms' },
      goal: atMost(REVOKED_IN_WINDOWS),
    },
  ];
}
