import request from 'supertest';
import { eventually } from '@podz/kit/testing';
import { AUDIO_HOUSE, mediaItemSchema, type MediaItem } from '@podz/proto';
import { bearer, CatalogPlatform, type Member } from '../../catalog/test/support/catalog-harness';
import { download } from './support/download';
import { measureLoudness, speechLike } from './support/speech-like';

// Who chooses the loudness: admins set the network's target, owners switch levelling per show. A
// show with it off gets the house format at the upload's own loudness; flipping the switch
// processes the show's files again.

jest.setTimeout(240_000);

let platform: CatalogPlatform;
let owner: Member;
let admin: Member;
const api = () => request(platform.url);

beforeAll(async () => {
  platform = await CatalogPlatform.start({}, { MEDIA_JOB_SLOTS: '1', MEDIA_JOB_POLL_MS: '200' });
  [owner, admin] = await Promise.all([
    platform.member('owner', ['user', 'owner']),
    platform.member('admin', ['user', 'admin']),
  ]);
});
afterAll(() => platform?.stop());

async function upload(bytes: Buffer, name: string): Promise<{ id: string; url: string }> {
  return (
    await api().post('/api/media/audio').set(bearer(owner.token)).attach('file', bytes, name).expect(201)
  ).body as { id: string; url: string };
}

const item = async (id: string): Promise<MediaItem> =>
  mediaItemSchema.parse((await api().get(`/api/media/${id}`).set(bearer(owner.token)).expect(200)).body);

/** The upload once a job has rendered it as `wanted` says. */
async function renderedAs(id: string, wanted: (targetLufs: number | null) => boolean): Promise<MediaItem> {
  let last: MediaItem | undefined;
  await eventually(
    `upload ${id} rendered as wanted`,
    async () => {
      last = await item(id);
      const rendition = last.audio?.rendition;
      return last.audio?.processing.state === 'done' && rendition !== null && rendition !== undefined
        ? wanted(rendition.targetLufs)
        : false;
    },
    150_000,
  );
  return last!;
}

const loudnessOfRendition = async (found: MediaItem) =>
  measureLoudness((await download(platform.url, found.audio!.rendition!.url)).body);

describe('the network target and the per-show switch', () => {
  it('lets admins alone set the network target, in range, and levels new files to it', async () => {
    expect((await api().get('/api/media/audio-settings').set(bearer(owner.token)).expect(200)).body).toEqual({
      targetLufs: AUDIO_HOUSE.targetLufsStereo,
      targetLufsMono: AUDIO_HOUSE.targetLufsStereo - AUDIO_HOUSE.monoOffsetLu,
      truePeakDb: AUDIO_HOUSE.truePeakDb,
    });
    await api()
      .put('/api/media/audio-settings')
      .set(bearer(owner.token))
      .send({ targetLufs: -20 })
      .expect(403);
    await api().put('/api/media/audio-settings').send({ targetLufs: -20 }).expect(401);
    const tooQuiet = await api()
      .put('/api/media/audio-settings')
      .set(bearer(admin.token))
      .send({ targetLufs: -30 })
      .expect(400);
    expect(tooQuiet.body.details[0]).toMatchObject({ path: 'body.targetLufs' });
    await api()
      .put('/api/media/audio-settings')
      .set(bearer(admin.token))
      .send({ targetLufs: '-20' })
      .expect(400);

    const set = await api()
      .put('/api/media/audio-settings')
      .set(bearer(admin.token))
      .send({ targetLufs: -20 })
      .expect(200);
    expect(set.body).toEqual({ targetLufs: -20, targetLufsMono: -23, truePeakDb: AUDIO_HOUSE.truePeakDb });
    try {
      const sent = await upload(
        speechLike({ seconds: 20, amplitude: 0.5, channels: 2, format: 'wav' }),
        'a.wav',
      );
      const done = await renderedAs(sent.id, (target) => target === -20);
      const again = await loudnessOfRendition(done);
      expect(Math.abs(again.integrated - -20)).toBeLessThanOrEqual(1);
      expect(again.truePeak).toBeLessThanOrEqual(AUDIO_HOUSE.truePeakDb);
    } finally {
      await api()
        .put('/api/media/audio-settings')
        .set(bearer(admin.token))
        .send({ targetLufs: AUDIO_HOUSE.targetLufsStereo })
        .expect(200);
    }
  });

  it("keeps a show's own loudness with levelling off, and levels its files again once switched on", async () => {
    const levelled = await platform.showBy<{ levelAudio: boolean }>(owner, {
      name: 'Levels',
      category: 'Science',
    });
    expect(levelled.levelAudio).toBe(true);
    const show = await platform.showBy<{ id: string; levelAudio: boolean }>(owner, {
      name: 'As Recorded',
      category: 'Science',
      levelAudio: false,
    });
    expect(show.levelAudio).toBe(false);
    await api()
      .post('/api/podcasts')
      .set(bearer(owner.token))
      .send({ name: 'Bad switch', category: 'Science', levelAudio: 'yes' })
      .expect(400);

    // Quiet enough that levelling would move it by more than 10 LU.
    const quiet = speechLike({ seconds: 20, amplitude: 0.03, channels: 2, format: 'wav' });
    const own = measureLoudness(quiet).integrated;
    const sent = await upload(quiet, 'quiet.wav');
    await api()
      .post('/api/episodes')
      .set(bearer(owner.token))
      .send({ podcastId: show.id, title: 'Recorded quietly', audioId: sent.id })
      .expect(201);
    // Levelled first if its job ran before media heard of the episode; then rendered again as is.
    const asIs = await renderedAs(sent.id, (target) => target === null);
    expect(asIs.audio?.rendition?.loudness.integrated).toBeCloseTo(asIs.audio!.loudness!.integrated, 0);
    expect(Math.abs((await loudnessOfRendition(asIs)).integrated - own)).toBeLessThanOrEqual(1);

    const switched = await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ levelAudio: true })
      .expect(200);
    expect(switched.body.levelAudio).toBe(true);
    const levelledNow = await renderedAs(sent.id, (target) => target === AUDIO_HOUSE.targetLufsStereo);
    expect(
      Math.abs((await loudnessOfRendition(levelledNow)).integrated - AUDIO_HOUSE.targetLufsStereo),
    ).toBeLessThanOrEqual(1);
    // The episode plays the rendition throughout.
    const episodes = await api().get(`/api/episodes/podcast-episodes?podcastId=${show.id}`).expect(200);
    expect(episodes.body.items[0].audio.url).toBe(`/media/audio/${sent.id}.house.mp3`);
  });
});
