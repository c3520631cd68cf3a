import request from 'supertest';
import { eventually, readTopic, testInfra, type ReadMessage, testTopic } from '@podz/kit/testing';
import { TOPICS, envelopeSchema, findEventDefinition } from '@podz/proto';
import { wavTone } from '../../media/src/uploads/generate-media';
import { bearer, CatalogPlatform, type Member } from './support/catalog-harness';

let platform: CatalogPlatform;
let owner: Member;
const api = () => request(platform.url);

async function newShow(fields: Record<string, unknown> = {}) {
  return (
    await api()
      .post('/api/podcasts')
      .set(bearer(owner.token))
      .send({ name: `Evented ${Date.now().toString(36)} ${Math.random()}`, category: 'Comedy', ...fields })
      .expect(201)
  ).body as { id: string; name: string };
}

async function addEpisode(podcastId: string, guestIds: string[] = []) {
  const audio = await api()
    .post('/api/media/audio')
    .set(bearer(owner.token))
    .attach('file', wavTone({ seconds: 1, notes: [500] }), 'a.wav')
    .expect(201);
  return (
    await api()
      .post('/api/episodes')
      .set(bearer(owner.token))
      .send({ podcastId, title: 'Guest spot', audioId: audio.body.id, guestIds })
      .expect(201)
  ).body as { id: string };
}

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  owner = await platform.member('owner');
});
afterAll(() => platform?.stop());

describe('catalog events', () => {
  it('publishes valid podcast and episode events in order', async () => {
    const fan = await platform.member('user');
    const host = await platform.member('user');
    const show = await newShow({ hostIds: [host.id] });
    await api()
      .put('/api/podcasts/host-podcasts')
      .set(bearer(host.token))
      .send({ podcastId: show.id, status: 'confirmed' })
      .expect(200);
    await api().patch(`/api/podcasts/${show.id}/follow`).set(bearer(fan.token)).expect(200);
    await api().patch(`/api/podcasts/${show.id}/follow?unfollow=true`).set(bearer(fan.token)).expect(200);
    const episode = await addEpisode(show.id, [fan.id]);

    const expected = ['created', 'host-invited', 'host-confirmed', 'followed', 'unfollowed'].map(
      (t) => `podz.catalog.podcast.${t}`,
    );
    const mine = (messages: ReadMessage[]) => messages.filter((m) => m.key === show.id);
    const podcastMessages = mine(
      await readTopic(testInfra().kafkaBrokers, testTopic(TOPICS.catalogPodcast), {
        until: (seen) => mine(seen).length >= expected.length,
        timeoutMs: 20_000,
      }),
    );
    const types = podcastMessages.map((m) => envelopeSchema.parse(JSON.parse(m.value!)).type);
    expect(types).toEqual(expected);
    const episodeMessages = (
      await readTopic(testInfra().kafkaBrokers, testTopic(TOPICS.catalogEpisode), {
        until: (seen) => seen.filter((m) => m.key === episode.id).length >= 3,
        timeoutMs: 20_000,
      })
    ).filter((m) => m.key === episode.id);
    const envelopes = [...podcastMessages, ...episodeMessages].map((m) =>
      envelopeSchema.parse(JSON.parse(m.value!)),
    );
    expect(envelopes.slice(-3).map((e) => e.type)).toEqual([
      'podz.catalog.episode.created',
      'podz.catalog.episode.published',
      'podz.catalog.episode.guest-added',
    ]);
    for (const envelope of envelopes) {
      expect(findEventDefinition(envelope.type)!.data.safeParse(envelope.data).success).toBe(true);
    }
  });

  it('tell what media keeps of a show and an episode: the file, the team, the premium settings', async () => {
    const host = await platform.member('user');
    const show = await newShow({ hostIds: [host.id] });
    await api()
      .put('/api/podcasts/host-podcasts')
      .set(bearer(host.token))
      .send({ podcastId: show.id, status: 'confirmed' })
      .expect(200);
    await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ description: 'Now hosted' })
      .expect(200);
    const episode = await addEpisode(show.id);
    const data = async (topic: string, key: string, type: string) => {
      const read = await readTopic(testInfra().kafkaBrokers, testTopic(topic), {
        until: (seen) => seen.some((m) => m.key === key && m.value!.includes(type)),
        timeoutMs: 20_000,
      });
      return read
        .filter((m) => m.key === key)
        .map((m) => envelopeSchema.parse(JSON.parse(m.value!)))
        .filter((e) => e.type === type)
        .map((e) => e.data as Record<string, unknown>);
    };
    const [created] = await data(TOPICS.catalogPodcast, show.id, 'podz.catalog.podcast.created');
    expect(created).toMatchObject({ premium: { plans: [], allEpisodes: false }, teamIds: [owner.id] });
    const [updated] = await data(TOPICS.catalogPodcast, show.id, 'podz.catalog.podcast.updated');
    expect(updated).toMatchObject({ teamIds: [owner.id, host.id] });
    const [added] = await data(TOPICS.catalogEpisode, episode.id, 'podz.catalog.episode.created');
    expect(added).toMatchObject({ imagePath: null, premium: null });
    expect(added!.audioUrl).toMatch(/^\/media\/audio\/[0-9a-f]{24}\.wav$/);
  });

  it('tells every show and episode again, once per database, for services that keep a copy', async () => {
    const show = await newShow();
    const episode = await addEpisode(show.id);
    const { db } = platform.catalog.context;
    await db.collection('migrations').deleteOne({ _id: 'catalog-restated-v3' as never });
    const again = await platform.anotherInstance();
    try {
      const restated = async (topic: string, key: string) =>
        (
          await readTopic(testInfra().kafkaBrokers, testTopic(topic), {
            until: (seen) => seen.some((m) => m.key === key && m.value!.includes('.restated')),
            timeoutMs: 20_000,
          })
        )
          .filter((m) => m.key === key)
          .map((m) => envelopeSchema.parse(JSON.parse(m.value!)))
          .filter((e) => e.type.endsWith('.restated'));
      const [podcast] = await restated(TOPICS.catalogPodcast, show.id);
      expect(podcast?.data).toMatchObject({
        podcastId: show.id,
        teamIds: [owner.id],
        featured: false,
        insertAds: null,
      });
      const [told] = await restated(TOPICS.catalogEpisode, episode.id);
      expect(told?.data).toMatchObject({
        episodeId: episode.id,
        podcastId: show.id,
        premium: null,
        chapters: [],
        adBreaks: null,
      });
      await eventually('the restatement recorded as done', async () =>
        Boolean(await db.collection('migrations').findOne({ _id: 'catalog-restated-v3' as never })),
      );
    } finally {
      await again.stop();
    }
  });

  it('makes identity grant host to a confirmed host and guest to an added guest', async () => {
    const host = await platform.member('user');
    const guest = await platform.member('user');
    const show = await newShow({ hostIds: [host.id] });
    const accessOf = async (id: string) =>
      (await request(platform.identity.url).get(`/api/users/${id}`).expect(200)).body.access as string[];
    expect(await accessOf(host.id)).not.toContain('host');
    await api()
      .put('/api/podcasts/host-podcasts')
      .set(bearer(host.token))
      .send({ podcastId: show.id, status: 'confirmed' })
      .expect(200);
    await eventually('host access', async () => (await accessOf(host.id)).includes('host'));
    await addEpisode(show.id, [guest.id]);
    await eventually('guest access', async () => (await accessOf(guest.id)).includes('guest'));
  });
});

describe('identity read models', () => {
  it('refresh the names and pictures shown on shows and episodes when a user changes them', async () => {
    const host = await platform.member('user');
    const show = await newShow({ hostIds: [host.id] });
    const episode = await addEpisode(show.id, [host.id]);
    const renamed = `renamed-${Date.now().toString(36)}`;
    await request(platform.identity.url)
      .patch(`/api/users/${host.id}`)
      .set(bearer(host.token))
      .send({ username: renamed, profilePicture: '/media/images/new.png' })
      .expect(200);
    await eventually('the new name on the show and the episode', async () => {
      const podcast = (await api().get(`/api/podcasts/${show.id}`).expect(200)).body;
      const guests = (await api().get(`/api/episodes/${episode.id}/guests`).expect(200)).body;
      return (
        podcast.hosts[0]?.user.username === renamed &&
        podcast.hosts[0]?.user.profilePicture === '/media/images/new.png' &&
        guests[0]?.username === renamed
      );
    });
  });
});

describe('a deleted user', () => {
  it('takes their shows, follows, host links and guest appearances with them', async () => {
    const leaving = await platform.member('owner');
    const theirShow = (
      await api()
        .post('/api/podcasts')
        .set(bearer(leaving.token))
        .send({ name: `Leaving ${Date.now().toString(36)}`, category: 'Arts' })
        .expect(201)
    ).body;
    const show = await newShow({ hostIds: [leaving.id] });
    await api()
      .put('/api/podcasts/host-podcasts')
      .set(bearer(leaving.token))
      .send({ podcastId: show.id, status: 'confirmed' })
      .expect(200);
    await api().patch(`/api/podcasts/${show.id}/follow`).set(bearer(leaving.token)).expect(200);
    const episode = await addEpisode(show.id, [leaving.id]);

    const admin = platform.people.adminToken;
    await request(platform.identity.url).delete(`/api/users/${leaving.id}`).set(bearer(admin)).expect(204);

    await eventually(
      'their show to go',
      async () => (await api().get(`/api/podcasts/${theirShow.id}`)).status === 404,
    );
    await eventually('their links to go', async () => {
      const podcast = (await api().get(`/api/podcasts/${show.id}`).expect(200)).body;
      const guests = (await api().get(`/api/episodes/${episode.id}/guests`).expect(200)).body;
      return podcast.hosts.length === 0 && podcast.followerCount === 0 && guests.length === 0;
    });
    expect(
      await platform.catalog.context.db.collection('follows').countDocuments({ userId: leaving.id }),
    ).toBe(0);
  });
});
