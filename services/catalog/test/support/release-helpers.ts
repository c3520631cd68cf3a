import request from 'supertest';
import { readTopic, testInfra, testTopic } from '@podz/kit/testing';
import { envelopeSchema, TOPICS } from '@podz/proto';
import { wavTone } from '../../../media/src/uploads/generate-media';
import { bearer, type CatalogPlatform, type Member } from './catalog-harness';

/** What the release tests do through catalog's API as one show owner. */
export function releaseHelpers(platform: () => CatalogPlatform, owner: () => Member) {
  const api = () => request(platform().url);
  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

  const publicEpisodes = async (podcastId: string) =>
    (await api().get(`/api/episodes/podcast-episodes?podcastId=${podcastId}`).expect(200)).body as {
      total: number;
      items: { id: string; title: string }[];
    };

  /** An episode scheduled `seconds` after its audio is uploaded (a slow upload eats no margin). */
  async function scheduledEpisode(podcastId: string, title: string, seconds: number, fields = {}) {
    const audio = await api()
      .post('/api/media/audio')
      .set(bearer(owner().token))
      .attach('file', wavTone({ seconds: 1, notes: [440] }), 'take.wav')
      .expect(201);
    const publishedAt = inSeconds(seconds);
    const res = await api()
      .post('/api/episodes')
      .set(bearer(owner().token))
      .send({ podcastId, title, audioId: audio.body.id, publishedAt, ...fields })
      .expect(201);
    return { ...(res.body as { id: string; status: string }), dueAt: publishedAt };
  }

  const newShow = () =>
    platform().showBy<{ id: string; uId: string }>(owner(), {
      name: `Scheduled ${Date.now()} ${Math.random().toString(36).slice(2, 6)}`,
      category: 'History',
    });

  /**
   * The `published` events of an episode on the topic. An edit is written first and read as the
   * marker: on the episode's partition, everything the clocks published before it comes before it.
   */
  async function publishedEvents(episodeId: string) {
    const marker = `Marker ${Date.now()}`;
    await api()
      .put(`/api/episodes/${episodeId}`)
      .set(bearer(owner().token))
      .send({ title: marker })
      .expect(200);
    const envelopes = (messages: { key: string | null; value: string | null }[]) =>
      messages
        .filter((m) => m.key === episodeId)
        .map(
          (m) =>
            envelopeSchema.parse(JSON.parse(m.value ?? '')) as {
              id: string;
              type: string;
              data: { title?: string };
            },
        );
    const messages = await readTopic(testInfra().kafkaBrokers, testTopic(TOPICS.catalogEpisode), {
      until: (seen) => envelopes(seen).some((e) => e.data.title === marker),
      timeoutMs: 20_000,
    });
    expect(envelopes(messages).some((e) => e.data.title === marker)).toBe(true);
    return envelopes(messages).filter((e) => e.type === 'podz.catalog.episode.published');
  }

  return { api, inSeconds, publicEpisodes, scheduledEpisode, newShow, publishedEvents };
}
