import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { loadConfig, RecordStream, type RunningService } from '@podz/kit';
import { eventually, testServiceEnv } from '@podz/kit/testing';
import {
  catalogListens,
  listenerAddress,
  type ListenAd,
  type ListenFile,
  type ListenRecord,
} from '@podz/proto';
import { rollupPrefix, startAnalytics } from '../src/analytics-service';
import { analyticsConfigSchema, type AnalyticsConfig } from '../src/config';
import { ListenRollups, type Entity } from '../src/data/listen-rollups';

// The IAB v2.3 rules as PODZ applies them, one test per rule, each built so that it fails when its
// rule is taken out: records go onto the real listen topic the way catalog sends them, the real
// analytics service applies them, and the rollups in Redis are read back.

let analytics: RunningService<AnalyticsConfig>;
let stream: RecordStream<ListenRecord>;
let rollups: ListenRollups;
let sent = 0;

const id = () => new Types.ObjectId().toHexString();
const IPHONE = 'AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)';
const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const BOT = '7Siters/1.1 (+https://7ooo.ru/siters/)';
const WATCH = 'atc/1.0 watchOS/7.0.3 model/Watch5,4 hwp/t8006 build/18R402 (6; dt:203)';
/** An hour of audio at 10 kB/s behind a 4 kB tag: a download needs 4,000 + 600,000 bytes. */
const HOUR: ListenFile = { bytes: 4000 + 36_000_000, offset: 4000, seconds: 3600 };
const THRESHOLD = 604_000;
const DAY_SALT = randomBytes(32);
const MONTH_SALT = randomBytes(32);
const at = (iso: string) => Date.parse(iso);
const NOON = at('2026-11-20T12:00:00Z');

const hash = (salt: Buffer, ip: string, ua: string) =>
  createHmac('sha256', salt)
    .update(`${listenerAddress(ip)}\n${ua}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

interface Listen {
  episode: string;
  show?: string;
  ip?: string;
  ua?: string;
  at?: number;
  start?: number;
  sent?: number;
  range?: string | null;
  method?: 'GET' | 'HEAD';
  status?: number;
  file?: ListenFile;
  published?: number;
  daySalt?: Buffer;
  /** Served to a member (premium audio). */
  premium?: boolean;
  ads?: ListenAd[];
}

/** A record as catalog sends it: by default a full GET of the whole file from an iPhone. */
function listen(options: Listen): ListenRecord {
  const ip = options.ip ?? '203.0.113.7';
  const ua = options.ua ?? IPHONE;
  const file = options.file ?? HOUR;
  return {
    id: randomUUID(),
    kind: 'audio',
    at: options.at ?? NOON,
    method: options.method ?? 'GET',
    status: options.status ?? 200,
    show: options.show ?? SHOW,
    episode: options.episode,
    published: options.published ?? at('2026-11-19T06:00:00Z'),
    range: options.range === undefined ? null : options.range,
    start: options.start ?? 0,
    sent: options.sent ?? file.bytes,
    file,
    listener: hash(options.daySalt ?? DAY_SALT, ip, ua),
    monthListener: hash(MONTH_SALT, ip, ua),
    ua,
    referrer: null,
    premium: options.premium ?? false,
    country: 'NL',
    ads: options.ads ?? [],
  };
}

/** Sends records and waits until the service has applied every record sent so far. */
async function apply(...records: ListenRecord[]) {
  for (const record of records) stream.push(record);
  sent += records.length;
  await stream.flush();
  await eventually(
    `${sent} listen records applied`,
    async () => (analytics.recordConsumers[0]?.applied ?? 0) >= sent,
    30_000,
  );
}

const downloads = async (entity: Entity, day = '2026-11-20') =>
  (await rollups.perPeriod(entity, 'days', [day]))[0];
const SHOW = id();

beforeAll(async () => {
  analytics = await startAnalytics(loadConfig(analyticsConfigSchema, testServiceEnv('analytics')));
  const { kafka, logger, config, db, redis } = analytics.context;
  stream = new RecordStream({
    kafka,
    definition: catalogListens,
    namespace: config.KAFKA_NAMESPACE,
    logger,
    keyOf: (record) => record.listener,
  });
  await stream.connect();
  rollups = new ListenRollups(redis, rollupPrefix(db.name, config.LISTEN_GENERATION));
});
afterAll(async () => {
  await stream?.stop();
  await analytics?.context.db.dropDatabase().catch(() => undefined);
  await analytics?.stop();
});

describe('downloads by the IAB v2.3 rules', () => {
  it('counts a whole file delivered to a podcast app, named by the OPAWG lists', async () => {
    const episode = id();
    await apply(listen({ episode }));
    expect(await downloads(`e:${episode}`)).toBe(1);
    const sums = await rollups.breakdown(`e:${episode}`, [], ['2026-11-20']);
    expect(sums.get('a:Apple Podcasts')).toBe(1);
    expect(sums.get('d:Apple iPhone')).toBe(1);
    expect(sums.get('o:iOS')).toBe(1);
    expect(sums.get('c:NL')).toBe(1);
    expect(sums.get('h:12')).toBe(1);
  });

  it("counts the site's own player as the app PODZ web, with the browser's device and system", async () => {
    const episode = id();
    const chromeOnMac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    await apply(
      listen({ episode, ua: `PODZ-web/1 ${chromeOnMac}` }),
      listen({ episode, ua: chromeOnMac, ip: '203.0.113.8' }),
    );
    const sums = await rollups.breakdown(`e:${episode}`, [], ['2026-11-20']);
    expect(sums.get('a:PODZ web')).toBe(1);
    expect(sums.get('o:macOS')).toBe(2);
    expect([...sums.keys()].filter((key) => key.startsWith('a:')).sort()).toEqual(['a:Chrome', 'a:PODZ web']);

    // A headless browser stays a bot behind the site's mark.
    const headless = id();
    await apply(
      listen({ episode: headless, ua: `PODZ-web/1 ${chromeOnMac.replace('Chrome/', 'HeadlessChrome/')}` }),
    );
    expect(await downloads(`e:${headless}`)).toBe(0);
  });

  it("counts premium audio served to members under the show's members' figures too", async () => {
    const show = id();
    const [open, bonus] = [id(), id()];
    await apply(
      listen({ show, episode: open, ip: '203.0.113.21' }),
      listen({ show, episode: bonus, ip: '203.0.113.21', premium: true }),
      listen({ show, episode: bonus, ip: '203.0.113.22', premium: true }),
    );
    expect(await downloads(`s:${show}`)).toBe(3);
    expect(await downloads(`m:${show}`)).toBe(2);
    const sums = await rollups.breakdown(`m:${show}`, [], ['2026-11-20']);
    expect(sums.get('a:Apple Podcasts')).toBe(2);
  });

  it('drops the 0-1 probe (even of a file of two bytes, which it would otherwise deliver whole)', async () => {
    const episode = id();
    const tiny = { bytes: 2, offset: 0, seconds: 0.1 };
    await apply(listen({ episode, file: tiny, range: 'bytes=0-1', status: 206, sent: 2 }));
    expect(await downloads(`e:${episode}`)).toBe(0);
  });

  it('drops HEAD requests', async () => {
    const episode = id();
    await apply(listen({ episode, method: 'HEAD' }));
    expect(await downloads(`e:${episode}`)).toBe(0);
  });

  it('drops 304 answers and failed requests', async () => {
    const episode = id();
    await apply(listen({ episode, status: 304 }), listen({ episode, status: 500, ip: '198.51.100.9' }));
    expect(await downloads(`e:${episode}`)).toBe(0);
  });

  it('drops a bot from the OPAWG bots list', async () => {
    const episode = id();
    await apply(listen({ episode, ua: BOT }));
    expect(await downloads(`e:${episode}`)).toBe(0);
  });

  it('drops Apple Watch downloads, which duplicate the paired phone', async () => {
    const episode = id();
    await apply(listen({ episode, ua: WATCH }));
    expect(await downloads(`e:${episode}`)).toBe(0);
  });

  it('counts one listener once per episode per UTC day', async () => {
    const episode = id();
    await apply(listen({ episode }), listen({ episode, at: NOON + 3600_000 }));
    expect(await downloads(`e:${episode}`)).toBe(1);
  });

  it('counts two listeners behind one IPv4 address with different user agents', async () => {
    const episode = id();
    await apply(listen({ episode, ua: IPHONE }), listen({ episode, ua: OVERCAST }));
    expect(await downloads(`e:${episode}`)).toBe(2);
    const sums = await rollups.breakdown(`e:${episode}`, [], ['2026-11-20']);
    expect(sums.get('a:Overcast')).toBe(1);
  });

  it('knows two IPv6 addresses in one /64 as one listener, and another /64 as another', async () => {
    const episode = id();
    await apply(
      listen({ episode, ip: '2001:db8:aa:1::10' }),
      listen({ episode, ip: '2001:db8:aa:1:ffff::2' }),
      listen({ episode, ip: '2001:db8:aa:2::10' }),
    );
    expect(await downloads(`e:${episode}`)).toBe(2);
  });

  it('counts ranged requests whose distinct bytes add up past the header and one minute', async () => {
    const episode = id();
    const part = (start: number, bytes: number) =>
      listen({ episode, start, sent: bytes, status: 206, range: `bytes=${start}-${start + bytes - 1}` });
    // The same 400 kB three times is 400 kB of audio, not 1.2 MB.
    await apply(part(0, 400_000), part(0, 400_000), part(0, 400_000));
    expect(await downloads(`e:${episode}`)).toBe(0);
    await apply(part(400_000, 200_000));
    expect(await downloads(`e:${episode}`)).toBe(0);
    await apply(part(600_000, 4000));
    expect(await downloads(`e:${episode}`)).toBe(1);
  });

  it("counts a listener's ranges handed over in one batch once, in the hour they reached the threshold", async () => {
    const episode = id();
    const part = (when: string, start: number, bytes: number) =>
      listen({ episode, at: at(when), start, sent: bytes, status: 206, range: `bytes=${start}-` });
    // The bytes of 10:59 alone fall short; with those of 11:00 they pass: the download is 11's.
    await apply(
      part('2026-11-20T10:59:40Z', 0, 300_000),
      part('2026-11-20T10:59:50Z', 300_000, 200_000),
      part('2026-11-20T11:00:10Z', 500_000, 200_000),
      part('2026-11-20T11:00:20Z', 700_000, 100_000),
      part('2026-11-20T11:00:30Z', 0, 0),
    );
    expect(await downloads(`e:${episode}`)).toBe(1);
    const figures = await rollups.figures(
      `e:${episode}`,
      { wholeMonths: [], edgeDays: ['2026-11-20'], closedBefore: '2026-11-20' },
      { unit: 'days', periods: ['2026-11-20'] },
      { unit: 'lis', periods: ['2026-11-20'] },
    );
    expect([...figures.sums].filter(([field]) => field.startsWith('h:'))).toEqual([['h:11', 1]]);
  });

  it('does not count a listener who stops before one minute of audio', async () => {
    const episode = id();
    await apply(listen({ episode, sent: THRESHOLD - 1, status: 206, range: 'bytes=0-' }));
    expect(await downloads(`e:${episode}`)).toBe(0);
  });

  it('needs the whole file of an episode shorter than a minute', async () => {
    const episode = id();
    const short = { bytes: 450_000, offset: 0, seconds: 45 };
    await apply(listen({ episode, file: short, sent: 449_999, status: 206, range: 'bytes=0-' }));
    expect(await downloads(`e:${episode}`)).toBe(0);
    await apply(
      listen({ episode, file: short, start: 449_999, sent: 1, status: 206, range: 'bytes=449999-' }),
    );
    expect(await downloads(`e:${episode}`)).toBe(1);
  });

  it('starts a new window at UTC midnight', async () => {
    const episode = id();
    await apply(
      listen({ episode, at: at('2026-11-20T23:59:30Z') }),
      listen({ episode, at: at('2026-11-21T00:00:30Z') }),
    );
    expect(await rollups.perPeriod(`e:${episode}`, 'days', ['2026-11-20', '2026-11-21'])).toEqual([1, 1]);
  });

  it("counts a month's unique listeners across a salt rotation, each day's apart", async () => {
    const episode = id();
    const show = id();
    const nextDaySalt = randomBytes(32);
    await apply(
      listen({ episode, show, at: at('2026-11-20T10:00:00Z') }),
      listen({ episode, show, at: at('2026-11-21T10:00:00Z'), daySalt: nextDaySalt }),
    );
    expect(await rollups.perPeriod(`s:${show}`, 'days', ['2026-11-20', '2026-11-21'])).toEqual([1, 1]);
    expect(await rollups.listeners(`s:${show}`, 'lis', ['2026-11-20', '2026-11-21'])).toEqual([1, 1]);
    expect(await rollups.listeners(`s:${show}`, 'lism', ['2026-11'])).toEqual([1]);
  });

  it('counts redelivered records once', async () => {
    const episode = id();
    const records = [
      listen({ episode, start: 0, sent: 300_000, status: 206 }),
      listen({ episode, start: 300_000, sent: 400_000, status: 206 }),
    ];
    await apply(...records);
    await apply(...records, ...records);
    expect(await downloads(`e:${episode}`)).toBe(1);
    expect((await rollups.episodeTable(SHOW)).get(episode)).toEqual({ first7: 1, first30: 1, all: 1 });
  });

  it("counts an episode's first 7 and 30 days from its publication", async () => {
    const episode = id();
    const show = id();
    const published = at('2026-11-01T08:00:00Z');
    await apply(
      listen({ episode, show, published, at: at('2026-11-07T08:00:00Z') }),
      listen({ episode, show, published, at: at('2026-11-08T08:00:00Z') }),
      listen({ episode, show, published, at: at('2026-12-05T08:00:00Z') }),
    );
    expect((await rollups.episodeTable(show)).get(episode)).toEqual({ first7: 1, first30: 2, all: 3 });
  });
});

describe('ads delivered by the IAB rules for dynamically inserted ads', () => {
  /** A file with a 30 s pre-roll after its tag and a mid-roll at 40 % (10 kB/s, as `HOUR`). */
  const inserted = () => {
    const [campaign, creative] = [id(), id()];
    const pre: ListenAd = { campaign, creative, position: 'pre', start: 4000, end: 304_000 };
    const mid: ListenAd = { campaign, creative, position: 'mid', start: 14_704_000, end: 15_004_000 };
    const file: ListenFile = { bytes: HOUR.bytes + 600_000, offset: 4000, seconds: 3660 };
    return { campaign, creative, ads: [pre, mid], file, pre, mid };
  };
  const delivered = async (entity: Entity) => (await downloads(entity)) ?? 0;

  it('counts each creative whose every byte was sent, in the campaign, its creative and the show', async () => {
    const { campaign, creative, ads, file } = inserted();
    const [episode, show] = [id(), id()];
    await apply(listen({ episode, show, file, ads }));
    expect(await delivered(`ad:${campaign}`)).toBe(2);
    expect(await delivered(`ak:${campaign}:${creative}`)).toBe(2);
    expect(await delivered(`as:${show}`)).toBe(2);
    const sums = await rollups.breakdown(`ad:${campaign}`, [], ['2026-11-20']);
    expect(Object.fromEntries(sums)).toEqual(
      expect.objectContaining({
        'p:pre': 1,
        'p:mid': 1,
        [`s:${show}`]: 2,
        [`e:${episode}`]: 2,
        [`k:${creative}`]: 2,
        'a:Apple Podcasts': 2,
        'o:iOS': 2,
        'c:NL': 2,
        'h:12': 2,
      }),
    );
    expect((await rollups.breakdown(`as:${show}`, [], ['2026-11-20'])).get(`g:${campaign}`)).toBe(2);
    expect(await rollups.listeners(`ad:${campaign}`, 'lis', ['2026-11-20'])).toEqual([1]);
  });

  it('does not count a creative a listener stopped inside, and counts it once the rest arrives that day', async () => {
    const { campaign, ads, file, mid } = inserted();
    const episode = id();
    // The download counts at one minute; the mid-roll's last byte is not sent.
    await apply(listen({ episode, file, ads, range: 'bytes=0-', start: 0, sent: mid.end - 1 }));
    expect(await downloads(`e:${episode}`)).toBe(1);
    expect(await delivered(`ad:${campaign}`)).toBe(1);
    await apply(listen({ episode, file, ads, range: `bytes=${mid.end - 1}-`, start: mid.end - 1, sent: 10 }));
    expect(await delivered(`ad:${campaign}`)).toBe(2);
    expect((await rollups.breakdown(`ad:${campaign}`, [], ['2026-11-20'])).get('p:mid')).toBe(1);
  });

  it('counts a creative from ranges in any order, each byte once', async () => {
    const { campaign, ads, file, pre } = inserted();
    const episode = id();
    const half = (pre.start + pre.end) / 2;
    await apply(
      listen({ episode, file, ads, range: `bytes=${half}-`, start: half, sent: pre.end - half - 1 }),
      listen({ episode, file, ads, range: `bytes=${half}-`, start: half, sent: pre.end - half - 1 }),
    );
    expect(await delivered(`ad:${campaign}`)).toBe(0);
    await apply(listen({ episode, file, ads, range: 'bytes=0-', start: 0, sent: half + 1 }));
    expect(await delivered(`ad:${campaign}`)).toBe(0);
    await apply(listen({ episode, file, ads, range: `bytes=${pre.end - 1}-`, start: pre.end - 1, sent: 1 }));
    expect(await delivered(`ad:${campaign}`)).toBe(1);
  });

  it('applies the download filters: bots, probes and HEAD requests deliver nothing', async () => {
    const { campaign, ads, file } = inserted();
    const episode = id();
    await apply(
      listen({ episode, file, ads, ua: BOT }),
      listen({ episode, file, ads, ua: WATCH }),
      listen({ episode, file, ads, method: 'HEAD', sent: 0 }),
      listen({ episode, file, ads, range: 'bytes=0-1', start: 0, sent: 2 }),
      listen({ episode, file, ads, status: 304, sent: 0 }),
    );
    expect(await delivered(`ad:${campaign}`)).toBe(0);
  });

  it('counts a listener once per break per episode per UTC day, and a redelivered record once', async () => {
    const { campaign, ads, file } = inserted();
    const episode = id();
    const record = listen({ episode, file, ads });
    await apply(record, record, listen({ episode, file, ads, at: NOON + 3_600_000 }));
    expect(await delivered(`ad:${campaign}`)).toBe(2);
    await apply(listen({ episode, file, ads, ip: '203.0.113.99' }));
    expect(await delivered(`ad:${campaign}`)).toBe(4);
    expect(await rollups.listeners(`ad:${campaign}`, 'lis', ['2026-11-20'])).toEqual([2]);
  });
});
