import { execFileSync } from 'node:child_process';
import request from 'supertest';
import { loadConfig, pendingEvent, recordsOfMessage, type RunningService } from '@podz/kit';
import { eventually, readTopic, testInfra, testServiceEnv, testTopic } from '@podz/kit/testing';
import { insertedAdsSchema, listenRecordSchema, userPlanChanged, type ListenRecord } from '@podz/proto';
import { adsConfigSchema, type AdsConfig } from '../../ads/src/config';
import { startAds } from '../../ads/src/ads-service';
import { bearer, CatalogPlatform, type Member } from '../../catalog/test/support/catalog-harness';
import { CampaignCopies } from '../src/data/campaign-copies';
import { SAMPLES_PER_FRAME } from '../src/audio/mp3-frames';
import { download } from './support/download';
import { decodeErrors, probe, speechLike } from './support/speech-like';

// A podcast app's download of an episode whose show inserts: the campaign's creative joined in at
// the episode's breaks, the same bytes for every range of that listener's download from either
// media instance, chapters moved, and another listener's own decision. A show that does not insert
// serves today's file byte for byte.

jest.setTimeout(180_000);

let platform: CatalogPlatform;
let ads: RunningService<AdsConfig>;
let owner: Member;
let editor: Member;
const api = () => request(platform.url);
const APP = 'AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)';
const GB = '81.2.69.142';

beforeAll(async () => {
  platform = await CatalogPlatform.start({}, { MEDIA_JOB_SLOTS: '2', MEDIA_JOB_POLL_MS: '200' });
  ads = await startAds(loadConfig(adsConfigSchema, testServiceEnv('ads', { MEDIA_URL: platform.mediaUrl })));
  [owner, editor] = await Promise.all([
    platform.member('owner', ['user', 'owner']),
    platform.member('editor'),
  ]);
});
afterAll(async () => {
  await ads?.context.db.dropDatabase().catch(() => undefined);
  await ads?.stop();
  await platform?.stop();
});

/** A tone in the house format's reach, uploaded as a creative would be. */
function tone(seconds: number, frequency: number): Buffer {
  return execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=f=${frequency}:d=${seconds}`,
    '-ac',
    '2',
    '-f',
    'wav',
    '-',
  ]);
}

/** The listen record of a whole download of `episodeId` (its every byte sent), once on the topic. */
async function wholeDownloadRecord(episodeId: string, bytes: number): Promise<ListenRecord | undefined> {
  const whole = (record: ListenRecord) =>
    record.episode === episodeId && record.status === 200 && record.sent === bytes;
  const records = (
    await readTopic(testInfra().kafkaBrokers, testTopic('catalog.listen.v1'), {
      until: (seen) =>
        seen.some((message) =>
          recordsOfMessage(message.value).some((r) => whole(listenRecordSchema.parse(r))),
        ),
      timeoutMs: 30_000,
    })
  ).flatMap((message) => recordsOfMessage(message.value).map((record) => listenRecordSchema.parse(record)));
  return records.find(whole);
}

const get = (url: string, listener: string, range?: string, origin = platform.url) =>
  download(origin, url, range, { 'user-agent': APP, 'x-forwarded-for': listener });

async function episodeWithRendition(
  showId: string,
  title: string,
  seconds: number,
  fields: Record<string, unknown> = {},
) {
  const upload = await api()
    .post('/api/media/audio')
    .set(bearer(owner.token))
    .attach('file', speechLike({ seconds, amplitude: 0.3, channels: 2, format: 'wav' }), 'take.wav')
    .expect(201);
  const episode = await api()
    .post('/api/episodes')
    .set(bearer(owner.token))
    .send({ podcastId: showId, title, audioId: upload.body.id, ...fields })
    .expect(201);
  const url = `/media/audio/${upload.body.id}.house.mp3`;
  const read = () => api().get(`/api/episodes/${episode.body.id}`).set(bearer(owner.token));
  await eventually(`${title} on its rendition`, async () => (await read()).body.audio.url === url, 90_000);
  return { id: episode.body.id as string, url, bytes: (await read()).body.audio.bytes as number };
}

describe('inserted audio', () => {
  it('joins the live campaign’s creative at the episode’s breaks, per listener, and leaves a show that does not insert alone', async () => {
    const inserting = await platform.showBy(owner, {
      name: 'Sponsored Hour',
      category: 'Science',
      insertAds: true,
    });
    const plainShow = await platform.showBy(owner, {
      name: 'Quiet Hour',
      category: 'Science',
      insertAds: false,
    });
    const episode = await episodeWithRendition(inserting.id, 'With breaks', 75);
    await api()
      .put(`/api/episodes/${episode.id}/chapters`)
      .set(bearer(owner.token))
      .send({
        chapters: [
          { startTime: 0, title: 'Open' },
          { startTime: 40, title: 'Second half' },
        ],
      })
      .expect(200);
    const transcript = await api()
      .put(`/api/episodes/${episode.id}/transcript?language=en`)
      .set(bearer(owner.token))
      .set('content-type', 'text/vtt')
      .send(
        'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome\n\n00:00:41.000 --> 00:00:43.000\nSecond half\n',
      )
      .expect(200);
    const transcriptUrl = transcript.body.transcript.url as string;
    await api()
      .put(`/api/episodes/${episode.id}/ad-breaks`)
      .set(bearer(owner.token))
      .send({ adBreaks: { preRoll: true, midRolls: [35], postRoll: false } })
      .expect(200);
    const before = await get(episode.url, GB);
    expect(before.status).toBe(200);

    // The creative through the pipeline, and a live campaign for pre- and mid-rolls.
    const creative = await request(platform.mediaUrl)
      .post('/api/media/audio')
      .set(bearer(editor.token))
      .attach('file', tone(3, 1000), 'spot.wav')
      .expect(201);
    await eventually(
      'the creative’s rendition',
      async () =>
        (await request(platform.mediaUrl).get(`/media/audio/${creative.body.id}.house.mp3`)).status === 200,
      60_000,
    );
    const day = 24 * 3600_000;
    const campaign = await request(ads.url)
      .post('/api/ads/campaigns')
      .set(bearer(editor.token))
      .send({
        name: 'Mattress week',
        advertiser: 'Sleepwell',
        advertiserCategory: 'mattresses',
        kind: 'standard',
        promotesPodcastId: null,
        positions: ['pre', 'mid'],
        flight: {
          startsAt: new Date(Date.now() - day).toISOString(),
          endsAt: new Date(Date.now() + 7 * day).toISOString(),
        },
        impressionGoal: 1000,
        cpmCents: 2500,
        targeting: {
          showIds: [],
          categories: ['Science'],
          countries: [],
          apps: [],
          platforms: [],
          episodeMaxAgeDays: null,
        },
        caps: { perDay: null, perWeek: null },
        creatives: [{ uploadId: creative.body.id, name: 'Spot' }],
      })
      .expect(201);
    await request(ads.url)
      .put(`/api/ads/campaigns/${campaign.body.id}`)
      .set(bearer(editor.token))
      .send({ status: 'live' })
      .expect(200);
    const copies = new CampaignCopies(platform.media.context.db);
    await eventually(
      'media’s copy of the campaign',
      async () => (await copies.live(new Date())).length === 1,
    );
    // Media trusts its read of live campaigns for a second, and reads them again behind it. A
    // download with nothing to offer keeps no decision: this listener's next one is decided anew.
    await eventually(
      'media’s read of the live campaign',
      async () => (await get(episode.url, GB)).body.length > before.body.length,
    );

    // One advertiser per file: the pre-roll, and the mid-roll left empty (the same category).
    const whole = await get(episode.url, GB);
    expect(whole.status).toBe(200);
    expect(whole.headers['cache-control']).toBe('private, max-age=3600');
    expect(decodeErrors(whole.body)).toBe('');
    const probed = probe(whole.body);
    const frame = SAMPLES_PER_FRAME / 44_100;
    const plainSeconds = probe(before.body).duration;
    const creativeSeconds = probed.duration - plainSeconds;
    expect(creativeSeconds).toBeGreaterThan(3 - 2 * frame);
    expect(creativeSeconds).toBeLessThan(3.2);
    expect(probed.chapters.map(([start]) => start)).toEqual([
      expect.closeTo(creativeSeconds, 1),
      expect.closeTo(40 + creativeSeconds, 1),
    ]);

    // Its listen record names the creative and where it is in this file: the creative's own frames.
    const record = await wholeDownloadRecord(episode.id, whole.body.length);
    expect(record?.ads).toEqual([
      {
        campaign: campaign.body.id,
        creative: creative.body.id,
        position: 'pre',
        start: expect.any(Number),
        end: expect.any(Number),
      },
    ]);
    const [placed] = record?.ads ?? [];
    expect((placed?.end ?? 0) - (placed?.start ?? 0)).toBeGreaterThan(40_000);
    // What this listener's file carries, on its timeline, for PODZ's players to confirm; another
    // listener's answer is their own, a malformed name a 400.
    const inserted = (listener: string, file = episode.url.split('/').pop()) =>
      request(platform.url)
        .get(`/media/inserted/${file}`)
        .set({ 'user-agent': APP, 'x-forwarded-for': listener });
    const carried = insertedAdsSchema.parse((await inserted(GB).expect(200)).body);
    expect(carried.ads).toEqual([
      {
        campaignId: campaign.body.id,
        creativeId: creative.body.id,
        position: 'pre',
        startSeconds: 0,
        endSeconds: expect.closeTo(creativeSeconds, 1),
      },
    ]);
    expect((await inserted(GB)).headers['cache-control']).toBe('private, no-store');
    expect((await inserted(GB, 'no%20such.mp3').expect(400)).body.code).toBe('VALIDATION_FAILED');
    // The creative's own file stays open to whoever previews it (no episode claims it).
    const spotFile = await download(platform.mediaUrl, `/media/audio/${creative.body.id}.house.mp3`);
    expect(spotFile.status).toBe(200);
    const spot = spotFile.body;
    const spotFrames = spot.subarray(spot.length - ((placed?.end ?? 0) - (placed?.start ?? 0)));
    expect(whole.body.subarray(placed?.start, placed?.end).equals(spotFrames)).toBe(true);

    // Every range of that listener's download is the whole's, from either media instance.
    const second = await platform.anotherMedia({ MEDIA_JOB_SLOTS: '0' });
    try {
      for (let i = 0; i < 40; i++) {
        const start = Math.floor(Math.random() * whole.body.length);
        const end = Math.min(whole.body.length - 1, start + Math.floor(Math.random() * 200_000));
        const part = await get(episode.url, GB, `bytes=${start}-${end}`, i % 2 ? platform.url : second.url);
        expect(part.status).toBe(206);
        expect(part.headers.etag).toBe(whole.headers.etag);
        expect(part.body.equals(whole.body.subarray(start, end + 1))).toBe(true);
      }
    } finally {
      await second.stop();
    }

    // The chapters file the same app fetches is on the same timeline, and kept by no shared cache.
    const chaptersFile = await request(platform.url)
      .get(`/media/chapters/${episode.id}.json`)
      .set({ 'user-agent': APP, 'x-forwarded-for': GB })
      .expect(200);
    expect(chaptersFile.headers['cache-control']).toBe('private, max-age=300');
    expect(JSON.parse(chaptersFile.text).chapters.map((one: { startTime: number }) => one.startTime)).toEqual(
      [expect.closeTo(creativeSeconds, 1), expect.closeTo(40 + creativeSeconds, 1)],
    );

    // Members pay for no ads: a paying member's session hears the plain file, kept by no shared cache.
    const payer = await platform.member('user');
    await platform.catalog.context.producer.publish([
      pendingEvent(userPlanChanged, payer.id, { userId: payer.id, plan: 'pro', previousPlan: 'free' }),
    ]);
    const asPayer = () =>
      download(platform.url, episode.url, undefined, {
        'user-agent': APP,
        'x-forwarded-for': '81.2.69.145',
        authorization: `Bearer ${payer.token}`,
      });
    await eventually(
      'the paying member’s plain file',
      async () => (await asPayer()).body.length === before.body.length,
    );
    expect((await asPayer()).headers['cache-control']).toBe('private, max-age=3600');
    expect((await get(episode.url, '81.2.69.145')).body.length).toBe(whole.body.length);

    // The back catalogue earns too: an episode whose owner set no breaks takes the network's rule
    // (a pre-roll, and a mid-roll in the first silence after 40 %, left empty here by separation).
    const archived = await episodeWithRendition(inserting.id, 'From the archive', 60);
    const fromArchive = await get(archived.url, GB);
    expect(fromArchive.body.length).toBeGreaterThan(archived.bytes + 40_000);
    expect(decodeErrors(fromArchive.body)).toBe('');

    // Premium audio never carries inserts: the show's owner (its team hears it without a plan, and
    // pays for nothing) gets a bonus episode plain, and the public one with its creative.
    await eventually(
      'the plans to reach catalog',
      async () =>
        (
          await api()
            .put(`/api/podcasts/${inserting.id}`)
            .set(bearer(owner.token))
            .send({ premium: { plans: ['pro'] } })
        ).status === 200,
    );
    const bonus = await episodeWithRendition(inserting.id, 'Members only', 20, {
      premium: { kind: 'bonus' },
    });
    const asOwner = (url: string) =>
      download(platform.url, url, undefined, {
        'user-agent': APP,
        'x-forwarded-for': '81.2.69.146',
        authorization: `Bearer ${owner.token}`,
      });
    await eventually(
      'the bonus episode open to its team',
      async () => (await asOwner(bonus.url)).status === 200,
    );
    expect((await asOwner(bonus.url)).body.length).toBe(bonus.bytes);
    expect((await asOwner(episode.url)).body.length).toBe(whole.body.length);

    // Targeting by app, as analytics names apps from the user agent: an Overcast listener gets the
    // creative, a new Apple Podcasts listener does not.
    await request(ads.url)
      .put(`/api/ads/campaigns/${campaign.body.id}`)
      .set(bearer(editor.token))
      .send({ targeting: { ...campaign.body.targeting, apps: ['Overcast'] } })
      .expect(200);
    await eventually(
      'media’s copy targets Overcast',
      async () => (await copies.live(new Date()))[0]?.targeting.apps.includes('Overcast') === true,
    );
    // Until media's read of it says so: a new Apple Podcasts listener each time, none decided before.
    let apple = 0;
    await eventually(
      'media’s read of the targeting',
      async () => (await get(episode.url, `81.2.70.${++apple}`)).body.length === before.body.length,
    );
    const overcast = await download(platform.url, episode.url, undefined, {
      'user-agent': 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)',
      'x-forwarded-for': '81.2.69.143',
    });
    expect(overcast.body.length).toBe(whole.body.length);
    expect((await get(episode.url, '81.2.69.144')).body.length).toBe(before.body.length);

    // So is the transcript: each cue later by what was put before it, for this listener alone.
    const words = await request(platform.url)
      .get(transcriptUrl)
      .set({ 'user-agent': APP, 'x-forwarded-for': GB })
      .expect(200);
    expect(words.headers['cache-control']).toBe('private, max-age=300');
    const starts = [...words.text.matchAll(/^(\d\d):(\d\d):(\d\d\.\d{3}) -->/gm)].map(
      ([, h, m, s]) => Number(h) * 3600 + Number(m) * 60 + Number(s),
    );
    expect(starts).toEqual([expect.closeTo(1 + creativeSeconds, 2), expect.closeTo(41 + creativeSeconds, 2)]);

    // A show that does not insert: the file as it was, byte for byte, cached as before.
    const quiet = await episodeWithRendition(plainShow.id, 'No breaks', 20);
    const plain = await get(quiet.url, GB);
    expect(plain.headers['cache-control']).toBe('public, max-age=3600');
    expect(plain.body.length).toBe((await api().get(`/api/episodes/${quiet.id}`)).body.audio.bytes);
  });
});
