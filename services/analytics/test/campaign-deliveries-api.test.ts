import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Types } from 'mongoose';
import { loadConfig, pendingEvent, RecordStream, SessionRevocations, type RunningService } from '@podz/kit';
import { eventually, testServiceEnv, testToken } from '@podz/kit/testing';
import {
  adSettingsChanged,
  campaignDeliveriesSchema,
  campaignSaved,
  catalogListens,
  episodeCreated,
  podcastCreated,
  inventoryForecastSchema,
  reportLinkSchema,
  showStatementSchema,
  type Access,
  type ListenAd,
  type ListenRecord,
} from '@podz/proto';
import { startAnalytics } from '../src/analytics-service';
import { analyticsConfigSchema, type AnalyticsConfig } from '../src/config';

// A campaign's deliveries through the API: the figures and their CSV for those who run
// campaigns, and the advertiser's signed report link, which works signed out until it expires.

let analytics: RunningService<AnalyticsConfig>;
let stream: RecordStream<ListenRecord>;
const id = () => new Types.ObjectId().toHexString();
const NOW = new Date('2026-12-04T15:00:00Z');
let clock = NOW;
const [SHOW, EPISODE, CAMPAIGN, CREATIVE, EDITOR, OWNER] = [id(), id(), id(), id(), id(), id()];
/** A show of its own whose four downloads a day, in November from NL, are the forecast's history. */
const [BUSY_SHOW, BUSY_EPISODE] = [id(), id()];
const PRE: ListenAd = { campaign: CAMPAIGN, creative: CREATIVE, position: 'pre', start: 4000, end: 244_000 };
const IPHONE = 'AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)';

/** A whole download of the episode with its pre-roll, by one listener (a made-up hash). */
function download(listener: string, atIso: string, sent = 2_000_000): ListenRecord {
  return {
    id: randomUUID(),
    kind: 'audio',
    at: Date.parse(atIso),
    method: 'GET',
    status: 200,
    show: SHOW,
    episode: EPISODE,
    published: Date.parse('2026-12-01T08:00:00Z'),
    range: null,
    start: 0,
    sent,
    file: { bytes: 2_000_000, offset: 4000, seconds: 200 },
    listener,
    monthListener: listener,
    ua: IPHONE,
    referrer: null,
    premium: false,
    country: 'GB',
    ads: [PRE],
  };
}

async function tokenOf(userId: string, role: 'editor' | 'owner'): Promise<string> {
  await new SessionRevocations(analytics.context.redis).recordVersion(userId, 0);
  const access: Access[] = role === 'owner' ? ['user', 'owner'] : [role];
  return testToken({ id: userId, username: `ad-${role}`, role, access, sessionVersion: 0 });
}
const editorToken = () => tokenOf(EDITOR, 'editor');

beforeAll(async () => {
  analytics = await startAnalytics(
    loadConfig(analyticsConfigSchema, testServiceEnv('analytics')),
    () => clock,
  );
  const { kafka, logger, config, producer } = analytics.context;
  stream = new RecordStream({
    kafka,
    definition: catalogListens,
    namespace: config.KAFKA_NAMESPACE,
    logger,
    keyOf: (r) => r.listener,
  });
  await stream.connect();
  await producer.publish([
    pendingEvent(podcastCreated, SHOW, {
      podcastId: SHOW,
      uId: 'sponsored-hour',
      name: 'Sponsored Hour',
      ownerId: OWNER,
      category: 'Science',
      status: 'published',
      logoPath: '/images/default-podcast.svg',
    }),
    pendingEvent(episodeCreated, EPISODE, {
      episodeId: EPISODE,
      podcastId: SHOW,
      title: 'A word from our sponsor',
      status: 'published',
      publishedAt: '2026-12-01T08:00:00.000Z',
    }),
    pendingEvent(campaignSaved, CAMPAIGN, {
      ...campaignSaved.example,
      campaignId: CAMPAIGN,
      name: 'Winter mattresses',
      flight: { startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-11T00:00:00.000Z' },
      impressionGoal: 1000,
      creativeIds: [CREATIVE],
    }),
    pendingEvent(adSettingsChanged, 'network', { ...adSettingsChanged.example, ownerSharePercent: 60 }),
    pendingEvent(podcastCreated, BUSY_SHOW, {
      podcastId: BUSY_SHOW,
      uId: 'busy-hour',
      name: 'Busy Hour',
      ownerId: id(),
      category: 'Science',
      status: 'published',
      logoPath: '/images/default-podcast.svg',
      insertAds: true,
    }),
  ]);
  const history = Array.from({ length: 56 }, (_, n) => ({
    ...download(
      `busyListener${String(n).padStart(9, '0')}A`,
      `2026-11-${String(10 + Math.floor(n / 4)).padStart(2, '0')}T12:00:00Z`,
    ),
    show: BUSY_SHOW,
    episode: BUSY_EPISODE,
    country: 'NL',
    ads: [],
  }));
  const records = [
    download('q3Ttq1Fb0mI7c9zXw0Jk2A', '2026-12-02T09:00:00Z'),
    download('q3Ttq1Fb0mI7c9zXw0Jk2B', '2026-12-04T09:00:00Z'),
    download('q3Ttq1Fb0mI7c9zXw0Jk2C', '2026-12-04T10:00:00Z'),
    // Stopped inside the pre-roll: no delivery.
    download('q3Ttq1Fb0mI7c9zXw0Jk2D', '2026-12-04T11:00:00Z', 100_000),
  ];
  for (const record of [...records, ...history]) stream.push(record);
  await stream.flush();
  await eventually('listens applied', async () => (analytics.recordConsumers[0]?.applied ?? 0) >= 60, 30_000);
});
afterAll(async () => {
  await stream?.stop();
  await analytics?.context.db.dropDatabase().catch(() => undefined);
  await analytics?.stop();
});

const get = (path: string, token?: string) => {
  const call = request(analytics.url).get(path);
  return token ? call.set({ authorization: `Bearer ${token}` }) : call;
};

describe("a campaign's deliveries", () => {
  it('gives its deliveries over the flight so far, by day, show, episode, creative and position, with its pace', async () => {
    const editor = await editorToken();
    const read = () => get(`/api/analytics/campaigns/${CAMPAIGN}`, editor);
    await eventually('the campaign known to analytics', async () => (await read()).status === 200);
    const body = campaignDeliveriesSchema.parse((await read().expect(200)).body);
    expect(body.campaign).toEqual(
      expect.objectContaining({ id: CAMPAIGN, name: 'Winter mattresses', impressionGoal: 1000 }),
    );
    expect(body.range).toEqual({ from: '2026-12-01', to: '2026-12-04', interval: 'day' });
    expect(body.deliveries).toEqual({
      total: 3,
      points: [
        { period: '2026-12-01', deliveries: 0 },
        { period: '2026-12-02', deliveries: 1 },
        { period: '2026-12-03', deliveries: 0 },
        { period: '2026-12-04', deliveries: 2 },
      ],
    });
    expect(body.listeners.points.at(-1)).toEqual({ period: '2026-12-04', listeners: 2 });
    // 3.625 of the flight's 10 days gone: 363 of 1,000 would be even.
    expect(body.pace).toEqual({ delivered: 3, goal: 1000, expected: 363 });
    await eventually('the show and episode named', async () => {
      const named = campaignDeliveriesSchema.parse((await read()).body);
      return (
        named.shows[0]?.name === 'Sponsored Hour' && named.episodes[0]?.name === 'A word from our sponsor'
      );
    });
    expect(body.creatives).toEqual([{ id: CREATIVE, name: 'Creative 1', deliveries: 3 }]);
    expect(body.positions).toEqual([
      { name: 'pre', deliveries: 3 },
      { name: 'mid', deliveries: 0 },
      { name: 'post', deliveries: 0 },
    ]);
    expect(body.countries).toEqual([{ name: 'GB', deliveries: 3 }]);
    expect(body.apps).toEqual([{ name: 'Apple Podcasts', deliveries: 3 }]);
    expect(body.platforms).toEqual([{ name: 'iOS', deliveries: 3 }]);
  });

  it("keeps its creatives' plays confirmed by PODZ's players apart from its deliveries", async () => {
    const editor = await editorToken();
    const ad = { campaignId: CAMPAIGN, creativeId: CREATIVE, position: 'pre' };
    const beacon = (playId: string, event: string, heard = ad) =>
      request(analytics.url)
        .post('/api/analytics/plays')
        .send({ episodeId: EPISODE, playId, event, player: 'site', ad: heard });
    await eventually(
      'the episode known to analytics',
      async () => (await beacon('ad-play-one-0123456', 'start')).status === 204,
    );
    await beacon('ad-play-one-0123456', 'start').expect(204);
    await beacon('ad-play-one-0123456', 'q1').expect(204);
    await beacon('ad-play-one-0123456', 'complete').expect(204);
    await beacon('ad-play-two-0123456', 'start').expect(204);
    // A campaign analytics does not know, a creative not the campaign's, a position that is none.
    await beacon('ad-play-three-01234', 'start', { ...ad, campaignId: id() }).expect(404);
    await beacon('ad-play-three-01234', 'start', { ...ad, creativeId: id() }).expect(404);
    const malformed = await beacon('ad-play-three-01234', 'start', { ...ad, position: 'middle' }).expect(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
    const body = campaignDeliveriesSchema.parse(
      (await get(`/api/analytics/campaigns/${CAMPAIGN}`, editor).expect(200)).body,
    );
    const counts = { start: 2, q1: 1, q2: 0, q3: 0, complete: 1 };
    expect(body.plays).toEqual({
      totals: counts,
      creatives: [{ id: CREATIVE, name: 'Creative 1', ...counts }],
    });
    expect(body.pace.delivered).toBe(3);
  });

  it('exports them as CSV', async () => {
    const response = await get(`/api/analytics/campaigns/${CAMPAIGN}/export.csv`, await editorToken()).expect(
      200,
    );
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.text).toContain('day,2026-12-04,2\r\n');
    expect(response.text).toContain('position,pre,3\r\n');
  });

  it('answers 404 for a campaign it does not know and 400 for a malformed id or range', async () => {
    const editor = await editorToken();
    await get(`/api/analytics/campaigns/${id()}`, editor).expect(404);
    const malformed = await get('/api/analytics/campaigns/nope', editor).expect(400);
    expect(malformed.body.code).toBe('INVALID_ID');
    await get(`/api/analytics/campaigns/${CAMPAIGN}?from=2026-12-05&to=2026-12-01`, editor).expect(400);
  });
});

describe("the advertiser's report link", () => {
  it('opens the report signed out until it expires; an altered or expired link reads nothing', async () => {
    const editor = await editorToken();
    const made = await request(analytics.url)
      .post(`/api/analytics/campaigns/${CAMPAIGN}/report-link`)
      .set({ authorization: `Bearer ${editor}` })
      .send({ days: 7 })
      .expect(200);
    const link = reportLinkSchema.parse(made.body);
    expect(link.expiresAt).toBe('2026-12-11T15:00:00.000Z');
    const token = new URL(link.url).pathname.split('/').pop() ?? '';
    expect(link.url).toBe(`http://localhost:8080/advertiser-report/${token}`);
    const report = campaignDeliveriesSchema.parse(
      (await get(`/api/analytics/reports/${token}`).expect(200)).body,
    );
    expect(report.deliveries.total).toBe(3);
    const altered = token.replace(CAMPAIGN, id());
    await get(`/api/analytics/reports/${altered}`).expect(404);
    await get('/api/analytics/reports/not-a-link').expect(400);
    clock = new Date(Date.parse(link.expiresAt) + 1);
    try {
      await get(`/api/analytics/reports/${token}`).expect(404);
    } finally {
      clock = NOW;
    }
  });

  it('refuses a link for longer than allowed, or for a campaign it does not know', async () => {
    const editor = await editorToken();
    const post = (campaign: string, body: object) =>
      request(analytics.url)
        .post(`/api/analytics/campaigns/${campaign}/report-link`)
        .set({ authorization: `Bearer ${editor}` })
        .send(body);
    await post(CAMPAIGN, { days: 91 }).expect(400);
    await post(CAMPAIGN, { days: 0 }).expect(400);
    await post(id(), {}).expect(404);
  });
});

describe("a show's monthly statement", () => {
  it("gives its owner each campaign's deliveries and earnings in the month, and the owner's share", async () => {
    const owner = await tokenOf(OWNER, 'owner');
    const read = () => get(`/api/analytics/shows/${SHOW}/statement?month=2026-12`, owner);
    await eventually('the statement with the network’s share', async () => {
      const answer = await read();
      return answer.status === 200 && answer.body.ownerSharePercent === 60;
    });
    const statement = showStatementSchema.parse((await read().expect(200)).body);
    // Three pre-rolls at $25 CPM: 7.5 cents, rounded; the owner's 60 % of it.
    expect(statement).toEqual({
      show: { id: SHOW, name: 'Sponsored Hour', uId: 'sponsored-hour' },
      month: '2026-12',
      ownerSharePercent: 60,
      campaigns: [
        {
          id: CAMPAIGN,
          name: 'Winter mattresses',
          advertiser: 'Sleepwell',
          deliveries: 3,
          cpmCents: 2500,
          grossCents: 8,
        },
      ],
      deliveries: 3,
      grossCents: 8,
      ownerCents: 4,
    });
    const november = showStatementSchema.parse(
      (await get(`/api/analytics/shows/${SHOW}/statement?month=2026-11`, owner).expect(200)).body,
    );
    expect(november).toEqual(expect.objectContaining({ campaigns: [], grossCents: 0, ownerCents: 0 }));
  });

  it('is refused to others and for a malformed month', async () => {
    await get(`/api/analytics/shows/${SHOW}/statement`, await tokenOf(id(), 'owner')).expect(403);
    await get(`/api/analytics/shows/${SHOW}/statement`, await editorToken()).expect(403);
    await get(`/api/analytics/shows/${SHOW}/statement?month=2026-13`, await tokenOf(OWNER, 'owner')).expect(
      400,
    );
  });
});

describe('the inventory forecast', () => {
  let editor = '';
  beforeAll(async () => {
    editor = await editorToken();
  });
  const forecast = (selection: string) =>
    get(`/api/analytics/inventory?from=2026-12-05&to=2026-12-14${selection}`, editor);

  it("sells a show's last 28 days of downloads × the days × the rule's breaks, less what live campaigns have left there", async () => {
    // Two downloads a day, ten days, a pre-roll and a mid-roll each: 40; the live Science campaign,
    // 997 impressions short with 6.4 days to go, books all of it.
    await eventually(
      'the busy show known with its choice',
      async () => (await forecast(`&showId=${BUSY_SHOW}`)).body.capacity === 40,
    );
    expect(inventoryForecastSchema.parse((await forecast(`&showId=${BUSY_SHOW}`).expect(200)).body)).toEqual({
      from: '2026-12-05',
      to: '2026-12-14',
      days: 10,
      basis: { from: '2026-11-06', to: '2026-12-03', downloadsPerDay: 2 },
      breaksPerDownload: 2,
      capacity: 40,
      booked: 40,
      available: 0,
    });
    // NL is none of that campaign's countries: all of it is still for sale.
    const netherlands = inventoryForecastSchema.parse((await forecast('&country=NL').expect(200)).body);
    expect(netherlands).toEqual(expect.objectContaining({ capacity: 40, booked: 0, available: 40 }));
    const comedy = inventoryForecastSchema.parse((await forecast('&category=Comedy').expect(200)).body);
    expect(comedy).toEqual(expect.objectContaining({ capacity: 0, available: 0 }));
  });

  it('refuses two selections at once, a reversed range and a bad country', async () => {
    await forecast(`&showId=${BUSY_SHOW}&country=NL`).expect(400);
    await get('/api/analytics/inventory?from=2026-12-14&to=2026-12-05', editor).expect(400);
    await get('/api/analytics/inventory?from=2026-12-05&to=2026-12-14&country=nl', editor).expect(400);
  });
});
