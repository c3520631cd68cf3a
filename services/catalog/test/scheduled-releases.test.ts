import request from 'supertest';
import type { Episode } from '@podz/proto';
import { eventually } from '@podz/kit/testing';
import { bearer, CatalogPlatform, type Member, type TestCatalog } from './support/catalog-harness';
import { releaseHelpers } from './support/release-helpers';

// The release clock: a scheduled episode goes public at its time, once, whichever of two catalog
// instances (each with its clock, on one store) gets there first.

let platform: CatalogPlatform;
let second: TestCatalog;
let owner: Member;
const api = () => request(platform.url);
const FAST_CLOCK = { RELEASE_SWEEP_MS: '100' };

beforeAll(async () => {
  platform = await CatalogPlatform.start(FAST_CLOCK);
  second = await platform.anotherInstance(FAST_CLOCK);
  owner = await platform.member('owner');
});
afterAll(async () => {
  await second?.stop();
  await platform?.stop();
});

const { inSeconds, publicEpisodes, scheduledEpisode, newShow, publishedEvents } = releaseHelpers(
  () => platform,
  () => owner,
);

describe('scheduled releases', () => {
  it('publishes a scheduled episode at its time, once, with two catalog instances', async () => {
    const show = await newShow();
    const feedPath = `/shows/${show.uId}/feed.xml`;
    const scheduled = await scheduledEpisode(show.id, 'Out at three', 3);
    const { dueAt } = scheduled;
    // Published for a time to come: stored, and answered, as scheduled.
    expect(scheduled.status).toBe('scheduled');
    expect((await publicEpisodes(show.id)).total).toBe(0);
    const feedBefore = await api().get(feedPath).expect(200);
    expect(feedBefore.text).not.toContain('Out at three');
    const mine = await api()
      .get(`/api/episodes/podcast-episodes?podcastId=${show.id}`)
      .set(bearer(owner.token))
      .expect(200);
    expect(mine.body.items).toMatchObject([{ id: scheduled.id, status: 'scheduled' }]);

    await eventually('the release', async () => (await publicEpisodes(show.id)).total === 1);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(dueAt));
    const released = await api().get(`/api/episodes/${scheduled.id}`).expect(200);
    expect(released.body).toMatchObject({ status: 'published', publishedAt: dueAt });
    const latest = await api().get('/api/episodes?limit=50').expect(200);
    expect(latest.body.items.map((e: { id: string }) => e.id)).toContain(scheduled.id);
    const feedAfter = await api().get(feedPath).expect(200);
    expect(feedAfter.text).toContain('Out at three');
    expect(feedAfter.headers.etag).not.toBe(feedBefore.headers.etag);

    // Released once: one event. Delivery is at least once (both instances here share one process,
    // so both relays may send it), and consumers skip a repeated id.
    const events = await publishedEvents(scheduled.id);
    expect(new Set(events.map((event) => event.id)).size).toBe(1);
    expect(events[0]!.data).toMatchObject({
      episodeId: scheduled.id,
      status: 'published',
      publishedAt: dueAt,
    });
  });

  it('moves a release to a new time, and a cancelled one never goes out', async () => {
    const show = await newShow();
    const episode = await scheduledEpisode(show.id, 'Called off', 4, { status: 'scheduled' });
    const later = inSeconds(3600);
    const moved = await api()
      .put(`/api/episodes/${episode.id}`)
      .set(bearer(owner.token))
      .send({ publishedAt: later })
      .expect(200);
    expect(moved.body).toMatchObject({ status: 'scheduled', publishedAt: later });
    await api()
      .put(`/api/episodes/${episode.id}`)
      .set(bearer(owner.token))
      .send({ status: 'draft', publishedAt: inSeconds(1) })
      .expect(200);
    // Past the first time and the last: nothing went out.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(1500, Date.parse(episode.dueAt) - Date.now() + 1500)),
    );
    expect((await publicEpisodes(show.id)).total).toBe(0);
    const stored = await api().get(`/api/episodes/${episode.id}`).set(bearer(owner.token)).expect(200);
    expect(stored.body.status).toBe('draft');
    expect(await publishedEvents(episode.id)).toHaveLength(0);
  });

  it('refuses a scheduled release without a time to come, in the API error shape', async () => {
    const show = await newShow();
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'Now', status: 'draft' });
    for (const body of [{ status: 'scheduled' }, { status: 'scheduled', publishedAt: inSeconds(-60) }]) {
      const refused = await api()
        .put(`/api/episodes/${episode.id}`)
        .set(bearer(owner.token))
        .send(body)
        .expect(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: 'A scheduled release needs a time in the future',
      });
    }
    const unchanged = await api().get(`/api/episodes/${episode.id}`).set(bearer(owner.token)).expect(200);
    expect(unchanged.body.status).toBe('draft');
  });

  it("publishes a scheduled show's first publication at its time, its episodes with it", async () => {
    const dueAt = inSeconds(3);
    const created = await api()
      .post('/api/podcasts')
      .set(bearer(owner.token))
      .send({ name: `Launch ${Date.now()}`, category: 'History', status: 'scheduled', publishAt: dueAt })
      .expect(201);
    const show = created.body as { id: string; uId: string; status: string; publishAt: string };
    expect(show).toMatchObject({ status: 'scheduled', publishAt: dueAt });
    // Episodes written before the launch wait for it, published or not.
    const ready = await platform.episodeBy(owner, { podcastId: show.id, title: 'Ready at launch' });
    expect((ready as { status?: string }).status).toBe('published');
    await api().get(`/api/podcasts/name/${show.uId}`).expect(404);
    await api().get(`/shows/${show.uId}/feed.xml`).expect(404);
    await api().get(`/api/episodes/podcast-episodes?podcastId=${show.id}`).expect(404);

    await eventually(
      'the launch',
      async () => (await api().get(`/api/podcasts/name/${show.uId}`)).status === 200,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(dueAt));
    const launched = await api().get(`/api/podcasts/name/${show.uId}`).expect(200);
    expect(launched.body).toMatchObject({ id: show.id, status: 'published', publishAt: null });
    await eventually('its episode listed', async () => (await publicEpisodes(show.id)).total === 1);
    const feed = await api().get(`/shows/${show.uId}/feed.xml`).expect(200);
    expect(feed.text).toContain('Ready at launch');
  });

  it("moves, calls off or brings forward a show's launch, and refuses one without a time to come", async () => {
    const show = await platform.showBy(owner, {
      name: `Not yet ${Date.now()}`,
      category: 'History',
      status: 'draft',
    });
    for (const body of [{ status: 'scheduled' }, { status: 'scheduled', publishAt: inSeconds(-60) }]) {
      const refused = await api()
        .put(`/api/podcasts/${show.id}`)
        .set(bearer(owner.token))
        .send(body)
        .expect(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: 'A scheduled release needs a time in the future',
        details: [expect.objectContaining({ path: 'publishAt' })],
      });
    }
    const first = inSeconds(2);
    await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ status: 'scheduled', publishAt: first })
      .expect(200);
    const later = inSeconds(3600);
    const moved = await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ publishAt: later })
      .expect(200);
    expect(moved.body).toMatchObject({ status: 'scheduled', publishAt: later });
    await new Promise((resolve) => setTimeout(resolve, Date.parse(first) - Date.now() + 1500));
    await api().get(`/api/podcasts/name/${show.uId}`).expect(404);
    const cancelled = await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ status: 'draft' })
      .expect(200);
    expect(cancelled.body).toMatchObject({ status: 'draft', publishAt: null });
    // Scheduled again, then published at once: `published` alone means now.
    await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ status: 'scheduled', publishAt: inSeconds(3600) })
      .expect(200);
    const now = await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ status: 'published' })
      .expect(200);
    expect(now.body).toMatchObject({ status: 'published', publishAt: null });
    await api().get(`/api/podcasts/name/${show.uId}`).expect(200);
  });

  it("lists an owner's upcoming releases across their shows, soonest first, and no one else's", async () => {
    const one = await newShow();
    const two = await newShow();
    const later = await scheduledEpisode(one.id, 'In two hours', 7200);
    const sooner = await scheduledEpisode(two.id, 'In one hour', 3600);
    await platform.episodeBy(owner, { podcastId: one.id, title: 'Out already' });
    const launch = inSeconds(5400);
    const unlaunched = await platform.showBy(owner, {
      name: `Launching ${Date.now()}`,
      category: 'History',
      status: 'scheduled',
      publishAt: launch,
    });

    const upcoming = await api().get('/api/episodes/upcoming').set(bearer(owner.token)).expect(200);
    const mine = upcoming.body as { shows: { id: string; publishAt: string }[]; episodes: Episode[] };
    const ids = mine.episodes.map((episode) => episode.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids.indexOf(sooner.id)).toBeGreaterThanOrEqual(0);
    expect(mine.episodes.find((episode) => episode.id === later.id)).toMatchObject({
      status: 'scheduled',
      show: { id: one.id, uId: one.uId },
    });
    expect(mine.episodes.every((episode) => episode.status === 'scheduled')).toBe(true);
    expect(mine.shows).toContainEqual(expect.objectContaining({ id: unlaunched.id, publishAt: launch }));

    // Cancelled or published, an episode is no longer upcoming; another owner sees none of these.
    await api()
      .put(`/api/episodes/${sooner.id}`)
      .set(bearer(owner.token))
      .send({ status: 'draft' })
      .expect(200);
    const after = await api().get('/api/episodes/upcoming').set(bearer(owner.token)).expect(200);
    expect(after.body.episodes.map((episode: Episode) => episode.id)).not.toContain(sooner.id);
    const other = await platform.member('owner');
    const theirs = await api().get('/api/episodes/upcoming').set(bearer(other.token)).expect(200);
    expect(theirs.body).toEqual({ shows: [], episodes: [] });
  });
});
