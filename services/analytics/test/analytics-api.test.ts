import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { Types } from 'mongoose';
import { loadConfig, pendingEvent, RecordStream, SessionRevocations, type RunningService } from '@podz/kit';
import { eventually, testServiceEnv, testToken } from '@podz/kit/testing';
import {
  catalogListens,
  episodeAnalyticsSchema,
  episodeCreated,
  hostConfirmed,
  hostRemoved,
  networkAnalyticsSchema,
  networkAudienceSchema,
  podcastCreated,
  showAnalyticsSchema,
  showPlaysSchema,
  showEpisodesAnalyticsSchema,
  type Access,
  type ListenRecord,
} from '@podz/proto';
import { startAnalytics } from '../src/analytics-service';
import { analyticsConfigSchema, type AnalyticsConfig } from '../src/config';

// The download figures through the API: who may read which show, what a range may be, and what
// the figures and the CSV say once listens have been applied.

let analytics: RunningService<AnalyticsConfig>;
let stream: RecordStream<ListenRecord>;
const id = () => new Types.ObjectId().toHexString();
const NOW = new Date('2026-11-26T15:00:00Z');
const SHOW = id();
const EPISODE = id();
const OWNER = id();
const HOST = id();
const salt = randomBytes(32);

async function tokenFor(role: Access, userId = id()): Promise<string> {
  await new SessionRevocations(analytics.context.redis).recordVersion(userId, 0);
  return testToken({ id: userId, username: `${role}-figures`, role, access: [role], sessionVersion: 0 });
}

function download(ip: string, ua: string, atIso: string): ListenRecord {
  const listener = createHmac('sha256', salt)
    .update(`${ip}\n${ua}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
  return {
    id: randomUUID(),
    kind: 'audio',
    at: Date.parse(atIso),
    method: 'GET',
    status: 200,
    show: SHOW,
    episode: EPISODE,
    published: Date.parse('2026-11-24T08:00:00Z'),
    range: null,
    start: 0,
    sent: 1_000_000,
    file: { bytes: 1_000_000, offset: 0, seconds: 50 },
    listener,
    monthListener: listener,
    ua,
    referrer: null,
    premium: false,
    country: ip.startsWith('81.') ? 'NL' : null,
    ads: [],
  };
}

const get = (path: string, token: string) =>
  request(analytics.url)
    .get(path)
    .set({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  analytics = await startAnalytics(loadConfig(analyticsConfigSchema, testServiceEnv('analytics')), () => NOW);
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
      uId: 'figures-hour',
      name: 'Figures Hour',
      ownerId: OWNER,
      category: 'Science',
      status: 'published',
      logoPath: '/images/default-podcast.svg',
    }),
    pendingEvent(hostConfirmed, SHOW, { podcastId: SHOW, userId: HOST, podcastName: 'Figures Hour' }),
    pendingEvent(episodeCreated, EPISODE, {
      episodeId: EPISODE,
      podcastId: SHOW,
      title: 'Counting, properly',
      status: 'published',
      publishedAt: '2026-11-24T08:00:00.000Z',
    }),
  ]);
  for (const record of [
    download('81.2.69.160', 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)', '2026-11-25T09:00:00Z'),
    download(
      '81.2.69.160',
      'AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)',
      '2026-11-26T09:00:00Z',
    ),
    download(
      '192.0.2.1',
      'AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)',
      '2026-11-26T10:00:00Z',
    ),
  ])
    stream.push(record);
  await stream.flush();
  await eventually('listens applied', async () => (analytics.recordConsumers[0]?.applied ?? 0) >= 3, 30_000);
});
afterAll(async () => {
  await stream?.stop();
  await analytics?.context.db.dropDatabase().catch(() => undefined);
  await analytics?.stop();
});

describe('the download figures API', () => {
  it("gives a show's owner its downloads, listeners, apps, countries and hours", async () => {
    const owner = await tokenFor('owner', OWNER);
    const read = () => get(`/api/analytics/shows/${SHOW}?from=2026-11-20`, owner);
    await eventually('the show known to the directory', async () => (await read()).status === 200);
    const body = showAnalyticsSchema.parse((await read().expect(200)).body);
    expect(body.show).toEqual({ id: SHOW, name: 'Figures Hour', uId: 'figures-hour' });
    expect(body.range).toEqual({ from: '2026-11-20', to: '2026-11-26', interval: 'day' });
    expect(body.downloads.points.at(-2)).toEqual({ period: '2026-11-25', downloads: 1 });
    expect(body.downloads.points.at(-1)).toEqual({ period: '2026-11-26', downloads: 2 });
    expect(body.listeners).toEqual(expect.objectContaining({ interval: 'day' }));
    expect(body.listeners.points.at(-1)).toEqual({ period: '2026-11-26', listeners: 2 });
    expect(body.apps).toEqual([
      { name: 'Apple Podcasts', downloads: 2 },
      { name: 'Overcast', downloads: 1 },
    ]);
    expect(body.countries).toEqual([
      { name: 'NL', downloads: 2 },
      { name: 'Unknown', downloads: 1 },
    ]);
    expect(body.hours[9]).toBe(2);
    expect(body.hours[10]).toBe(1);
    expect(body.allTime).toBe(3);
    // No premium audio was served: the members' figures are empty, and the filter is checked.
    const members = showAnalyticsSchema.parse(
      (await get(`/api/analytics/shows/${SHOW}?from=2026-11-20&premium=true`, owner).expect(200)).body,
    );
    expect(members.allTime).toBe(0);
    expect(members.downloads.points.every((point) => point.downloads === 0)).toBe(true);
    const bad = await get(`/api/analytics/shows/${SHOW}?premium=yes`, owner).expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');

    const byMonth = showAnalyticsSchema.parse(
      (
        await get(`/api/analytics/shows/${SHOW}?from=2026-01-01&to=2026-11-30&interval=month`, owner).expect(
          200,
        )
      ).body,
    );
    expect(byMonth.downloads.points).toHaveLength(11);
    expect(byMonth.downloads.points.at(-1)).toEqual({ period: '2026-11', downloads: 3 });
    expect(byMonth.listeners.interval).toBe('month');
    expect(byMonth.apps[0]).toEqual({ name: 'Apple Podcasts', downloads: 2 });
  });

  it('gives the episodes table, an episode and the CSV', async () => {
    const host = await tokenFor('host', HOST);
    const table = showEpisodesAnalyticsSchema.parse(
      (await get(`/api/analytics/shows/${SHOW}/episodes`, host).expect(200)).body,
    );
    expect(table.episodes).toEqual([
      {
        id: EPISODE,
        title: 'Counting, properly',
        publishedAt: '2026-11-24T08:00:00.000Z',
        first7Days: 3,
        first30Days: 3,
        allTime: 3,
      },
    ]);
    const episode = episodeAnalyticsSchema.parse(
      (await get(`/api/analytics/episodes/${EPISODE}`, host).expect(200)).body,
    );
    expect(episode.downloads.total).toBe(3);
    const csv = await get(`/api/analytics/shows/${SHOW}/export.csv?from=2026-11-25`, host).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/figures-hour-downloads-2026-11-25_2026-11-26\.csv/);
    expect(csv.text).toBe('day,downloads\r\n2026-11-25,1\r\n2026-11-26,2\r\n');
    const apps = await get(`/api/analytics/shows/${SHOW}/export.csv?table=apps`, host).expect(200);
    expect(apps.text).toBe('app,downloads\r\nApple Podcasts,2\r\nOvercast,1\r\n');
  });

  it("keeps a show's figures to its owner, its hosts and admins", async () => {
    await request(analytics.url).get(`/api/analytics/shows/${SHOW}`).expect(401);
    await get(`/api/analytics/shows/${SHOW}`, await tokenFor('user')).expect(403);
    await get(`/api/analytics/shows/${SHOW}`, await tokenFor('owner')).expect(403);
    await get(`/api/analytics/episodes/${EPISODE}`, await tokenFor('host')).expect(403);
    await get(`/api/analytics/shows/${SHOW}`, await tokenFor('admin')).expect(200);
    await get(`/api/analytics/shows/${id()}`, await tokenFor('admin')).expect(404);
    // A host who leaves loses the figures with the show.
    const leaving = id();
    await analytics.context.producer.publish([
      pendingEvent(hostConfirmed, SHOW, { podcastId: SHOW, userId: leaving, podcastName: 'Figures Hour' }),
      pendingEvent(hostRemoved, SHOW, {
        podcastId: SHOW,
        userId: leaving,
        podcastName: 'Figures Hour',
        byHost: true,
      }),
    ]);
    const token = await tokenFor('host', leaving);
    await eventually(
      'the host removed',
      async () => (await get(`/api/analytics/shows/${SHOW}`, token)).status === 403,
    );
  });

  it('says what is wrong with a range or an id', async () => {
    const admin = await tokenFor('admin');
    const cases: [string, RegExp][] = [
      [`/api/analytics/shows/${SHOW}?from=2026-11-30&to=2026-11-01`, /from must not come after to/],
      [`/api/analytics/shows/${SHOW}?from=2025-01-01&to=2026-11-01`, /at most 366 days/],
      [`/api/analytics/shows/${SHOW}?from=2026-02-30`, /not a calendar day/],
      [`/api/analytics/shows/${SHOW}?from=yesterday`, /YYYY-MM-DD/],
      [`/api/analytics/shows/${SHOW}?interval=hour`, /interval is day, week or month/],
      [`/api/analytics/shows/not-an-id`, /id/],
      [`/api/analytics/shows/${SHOW}/export.csv?table=secrets`, /table is one of/],
    ];
    for (const [path, message] of cases) {
      const res = await get(path, admin).expect(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
  });

  it("gives admins the network's downloads and the month's top shows and episodes", async () => {
    await get('/api/analytics/network', await tokenFor('owner', OWNER)).expect(403);
    const network = networkAnalyticsSchema.parse(
      (await get('/api/analytics/network', await tokenFor('admin')).expect(200)).body,
    );
    expect(network.downloads.total).toBe(3);
    expect(network.month).toBe('2026-11');
    expect(network.topShows).toEqual([{ id: SHOW, name: 'Figures Hour', downloads: 3 }]);
    expect(network.topEpisodes).toEqual([
      { id: EPISODE, title: 'Counting, properly', showId: SHOW, downloads: 3 },
    ]);
  });
});

describe("the network's audience", () => {
  it('tells anyone the last 30 days of downloads, the month’s listeners and the top countries and apps', async () => {
    const res = await request(analytics.url).get('/api/analytics/audience').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300, s-maxage=60');
    expect(networkAudienceSchema.parse(res.body)).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
      downloads: 3,
      listeners: {
        thisMonth: { month: '2026-11', listeners: 3 },
        lastMonth: { month: '2026-10', listeners: 0 },
      },
      countries: [
        { name: 'NL', share: 66.7 },
        { name: 'Unknown', share: 33.3 },
      ],
      apps: [
        { name: 'Apple Podcasts', share: 66.7 },
        { name: 'Overcast', share: 33.3 },
      ],
    });
  });
});

describe('plays confirmed by PODZ’s own players', () => {
  const beacon = (body: object) => request(analytics.url).post('/api/analytics/plays').send(body);
  const play = (playId: string, event: string, player = 'site') =>
    beacon({ episodeId: EPISODE, playId, event, player }).expect(204);

  it('counts each event of a play once, apart from downloads, for whoever reads the show', async () => {
    await play('play-one-0123456789', 'start');
    await play('play-one-0123456789', 'q1');
    await play('play-one-0123456789', 'start');
    await play('play-two-0123456789', 'start', 'embed');
    await play('play-two-0123456789', 'q1', 'embed');
    await play('play-two-0123456789', 'complete', 'embed');
    const host = await tokenFor('host', HOST);
    const res = await get(`/api/analytics/shows/${SHOW}/plays?from=2026-11-25&to=2026-11-26`, host).expect(
      200,
    );
    expect(showPlaysSchema.parse(res.body)).toEqual({
      range: { from: '2026-11-25', to: '2026-11-26', interval: 'day' },
      points: [
        { period: '2026-11-25', start: 0, q1: 0, q2: 0, q3: 0, complete: 0 },
        { period: '2026-11-26', start: 2, q1: 2, q2: 0, q3: 0, complete: 1 },
      ],
      totals: { start: 2, q1: 2, q2: 0, q3: 0, complete: 1 },
      players: { site: 1, embed: 1 },
    });
    // The downloads are what they were.
    const figures = await get(`/api/analytics/shows/${SHOW}?from=2026-11-26`, host).expect(200);
    expect(figures.body.downloads.total).toBe(2);
  });

  it('refuses an episode it does not know, a malformed beacon and a stranger', async () => {
    await beacon({
      episodeId: new Types.ObjectId().toHexString(),
      playId: 'play-three-01234567',
      event: 'start',
      player: 'site',
    }).expect(404);
    await beacon({ episodeId: EPISODE, playId: 'short', event: 'start', player: 'site' }).expect(400);
    await beacon({
      episodeId: EPISODE,
      playId: 'play-four-012345678',
      event: 'halfway',
      player: 'site',
    }).expect(400);
    await get(`/api/analytics/shows/${SHOW}/plays`, await tokenFor('owner')).expect(403);
  });
});
