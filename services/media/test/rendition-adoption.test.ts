import request from 'supertest';
import { eventually } from '@podz/kit/testing';
import { mediaItemSchema } from '@podz/proto';
import { bearer, CatalogPlatform, type Member } from '../../catalog/test/support/catalog-harness';
import { speechLike } from './support/speech-like';

// Feeds and players serve an upload's house-format rendition once media has made it: catalog moves
// the episodes using the upload onto it when it hears `podz.media.audio.rendered`, and an episode
// named after that takes it at once. Until then they serve the original, never a broken link; the
// original stays downloadable and counted as the same episode's.

jest.setTimeout(120_000);

let platform: CatalogPlatform;
let owner: Member;
let show: { id: string; uId: string };
const api = () => request(platform.url);

beforeAll(async () => {
  platform = await CatalogPlatform.start(
    { PUBLIC_CACHE_TTL_SECONDS: '1' },
    { MEDIA_JOB_SLOTS: '1', MEDIA_JOB_POLL_MS: '200' },
  );
  owner = await platform.member('owner', ['user', 'owner']);
  show = await platform.showBy(owner, { name: 'Levelled Hour', category: 'Science' });
});
afterAll(() => platform?.stop());

type Audio = { url: string; type: string; bytes: number; durationSeconds: number };

async function upload(seconds: number): Promise<{ id: string; url: string }> {
  const bytes = speechLike({ seconds, amplitude: 0.3, channels: 2, format: 'wav' });
  return (
    await api()
      .post('/api/media/audio')
      .set(bearer(owner.token))
      .attach('file', bytes, 'take.wav')
      .expect(201)
  ).body as { id: string; url: string };
}

async function episodeWith(audioId: string, title: string): Promise<{ id: string; audio: Audio }> {
  const res = await api()
    .post('/api/episodes')
    .set(bearer(owner.token))
    .send({ podcastId: show.id, title, audioId })
    .expect(201);
  return res.body as { id: string; audio: Audio };
}

const audioOf = async (id: string) =>
  ((await api().get(`/api/episodes/${id}`).expect(200)).body as { audio: Audio }).audio;

describe('the rendition in feeds and players', () => {
  it("moves an episode from its upload's own file to the rendition once it is made", async () => {
    const sent = await upload(20);
    const episode = await episodeWith(sent.id, 'Named before the rendition');
    // Named at once, while the job runs: the original, which plays.
    expect(episode.audio).toMatchObject({ url: sent.url, type: 'audio/wav' });
    await api().get(episode.audio.url).expect(200);

    const rendition = `/media/audio/${sent.id}.house.mp3`;
    await eventually(
      'the episode on its rendition',
      async () => (await audioOf(episode.id)).url === rendition,
      90_000,
    );
    const item = mediaItemSchema.parse(
      (await api().get(`/api/media/${sent.id}`).set(bearer(owner.token))).body,
    );
    const moved = await audioOf(episode.id);
    expect(moved).toEqual({
      url: rendition,
      type: 'audio/mpeg',
      bytes: item.audio?.rendition?.bytes,
      durationSeconds: item.audio?.rendition?.durationSeconds,
    });
    // The feed's enclosure, with the rendition's length and type.
    await eventually(
      'the feed on the rendition',
      async () => (await api().get(`/shows/${show.uId}/feed.xml`)).text.includes(rendition),
      10_000,
    );
    const feed = (await api().get(`/shows/${show.uId}/feed.xml`).expect(200)).text;
    expect(feed).toContain(
      `<enclosure url="http://podz.test${rendition}" length="${moved.bytes}" type="audio/mpeg"/>`,
    );
    // Both files are the episode's: it is still in use, and the original still plays.
    expect(item.usedBy.map((use) => use.id)).toEqual([episode.id]);
    await api().delete(`/api/media/${sent.id}`).set(bearer(owner.token)).expect(409);
    await api().get(sent.url).expect(200);
    await api().get(rendition).expect(200);
    // Beyond the wait for the job: with suites beside it, its ffmpeg shares two cores.
  }, 120_000);

  it('names the rendition at once for an episode made after it', async () => {
    const sent = await upload(5);
    await eventually(
      'the rendition',
      async () =>
        mediaItemSchema.parse((await api().get(`/api/media/${sent.id}`).set(bearer(owner.token))).body).audio
          ?.processing.state === 'done',
      60_000,
    );
    const episode = await episodeWith(sent.id, 'Named after the rendition');
    expect(episode.audio).toMatchObject({ url: `/media/audio/${sent.id}.house.mp3`, type: 'audio/mpeg' });
  });
});
