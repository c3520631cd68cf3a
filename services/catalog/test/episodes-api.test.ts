import request from 'supertest';
import { pngCover, wavTone } from '../../media/src/uploads/generate-media';
import { bearer, CatalogPlatform, type Member } from './support/catalog-harness';

let platform: CatalogPlatform;
let owner: Member;
let otherOwner: Member;
let guest: Member;
let admin: Member;
let counter = 0;

const api = () => request(platform.url);

async function show(by: Member = owner, fields: Record<string, unknown> = {}) {
  const res = await api()
    .post('/api/podcasts')
    .set(bearer(by.token))
    .send({
      name: `Episodes show ${Date.now().toString(36)} ${(counter += 1)}`,
      category: 'Music',
      ...fields,
    })
    .expect(201);
  return res.body as { id: string; uId: string; name: string };
}

async function uploadAudio(by: Member = owner, seconds = 2) {
  const res = await api()
    .post('/api/media/audio')
    .set(bearer(by.token))
    .attach('file', wavTone({ seconds, notes: [440, 660] }), 'take.wav')
    .expect(201);
  return res.body as { id: string; url: string; bytes: number; type: string; durationSeconds: number };
}

async function episode(podcastId: string, fields: Record<string, unknown> = {}, by: Member = owner) {
  const audio = await uploadAudio(by);
  const res = await api()
    .post('/api/episodes')
    .set(bearer(by.token))
    .send({ podcastId, title: `Episode ${(counter += 1)}`, audioId: audio.id, ...fields })
    .expect(201);
  return res.body;
}

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  [owner, otherOwner, guest, admin] = await Promise.all([
    platform.member('owner'),
    platform.member('owner'),
    platform.member('user'),
    platform.member('admin'),
  ]);
});
afterAll(() => platform?.stop());

describe('uploads', () => {
  it('stores audio typed from its bytes with its duration, and serves it with ranges', async () => {
    const audio = await uploadAudio(owner, 3);
    expect(audio).toMatchObject({ type: 'audio/wav', kind: 'audio', durationSeconds: 3 });
    expect(audio.url).toMatch(/^\/media\/audio\/[0-9a-f]{24}\.wav$/);
    const whole = await api().get(audio.url).expect(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(Number(whole.headers['content-length'])).toBe(audio.bytes);
    const part = await api().get(audio.url).set('range', 'bytes=100-199').expect(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${audio.bytes}`);
    expect(Number(part.headers['content-length'])).toBe(100);
    const past = await api()
      .get(audio.url)
      .set('range', `bytes=${audio.bytes + 10}-`)
      .expect(416);
    expect(past.body.code).toBe('RANGE_NOT_SATISFIABLE');
    expect(past.headers['content-range']).toBe(`bytes */${audio.bytes}`);
    const etag = String(whole.headers.etag);
    await api().get(audio.url).set('if-none-match', etag).set('cache-control', 'no-cache').expect(304);
    await api().get(audio.url).set('if-none-match', `"other", W/${etag}`).expect(304);
  });

  it('refuses audio from users without owner access, wrong types with 415 and bad requests with 400', async () => {
    await api()
      .post('/api/media/audio')
      .set(bearer(guest.token))
      .attach('file', wavTone({ seconds: 1, notes: [440] }), 'a.wav')
      .expect(403);
    const png = pngCover({ size: 32, seed: 1, colors: ['#000000', '#ffffff'] });
    const wrong = await api()
      .post('/api/media/audio')
      .set(bearer(owner.token))
      .attach('file', png, 'song.mp3')
      .expect(415);
    expect(wrong.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    await api().post('/api/media/audio').set(bearer(owner.token)).send({ file: 'x' }).expect(400);
    await api()
      .post('/api/media/audio')
      .attach('file', wavTone({ seconds: 1, notes: [440] }), 'a.wav')
      .expect(401);
    const image = await api()
      .post('/api/media/images')
      .set(bearer(guest.token))
      .attach('file', png, 'me.png')
      .expect(201);
    expect(image.body).toMatchObject({ kind: 'image', type: 'image/png', durationSeconds: null });
    const cached = await api().get(image.body.url).expect(200);
    expect(cached.headers['cache-control']).toMatch(/max-age=31536000/);
    await api().get('/media/images/64b7f0c2a1b2c3d4e5f60718.png').expect(404);
    // A name no file system takes is bad input, not a failure of the store.
    const long = await api()
      .get(`/media/audio/${'a'.repeat(300)}.mp3`)
      .expect(400);
    expect(long.body).toMatchObject({ error: 'Invalid media name', code: 'VALIDATION_FAILED' });
  });
});

describe('episodes', () => {
  it('lets the show’s owner or an admin add, change and delete episodes, and nobody else', async () => {
    const podcast = await show();
    const audio = await uploadAudio(otherOwner);
    await api()
      .post('/api/episodes')
      .set(bearer(otherOwner.token))
      .send({ podcastId: podcast.id, title: 'Not mine', audioId: audio.id })
      .expect(403);
    const mine = await uploadAudio();
    // Someone else's upload cannot be used either.
    await api()
      .post('/api/episodes')
      .set(bearer(owner.token))
      .send({ podcastId: podcast.id, title: 'x', audioId: audio.id })
      .expect(403);
    const created = await api()
      .post('/api/episodes')
      .set(bearer(owner.token))
      .send({
        podcastId: podcast.id,
        title: 'Pilot',
        description: '<p>Notes<img src=x onerror=alert(1)></p>',
        audioId: mine.id,
        season: 1,
        episode: 1,
      })
      .expect(201);
    expect(created.body).toMatchObject({
      podcast: podcast.id,
      show: { id: podcast.id, uId: podcast.uId, name: podcast.name },
      title: 'Pilot',
      description: '<p>Notes</p>',
      audio: { url: mine.url, type: 'audio/wav', bytes: mine.bytes, durationSeconds: 2 },
      season: 1,
      episode: 1,
      status: 'published',
      guests: [],
    });
    const id = created.body.id;
    await api()
      .put(`/api/episodes/${id}`)
      .set(bearer(otherOwner.token))
      .send({ title: 'Mine now' })
      .expect(403);
    expect(
      (
        await api()
          .put(`/api/episodes/${id}`)
          .set(bearer(owner.token))
          .send({ title: 'Pilot, again' })
          .expect(200)
      ).body.title,
    ).toBe('Pilot, again');
    await api().put(`/api/episodes/${id}`).set(bearer(admin.token)).send({ status: 'draft' }).expect(200);
    await api().get(`/api/episodes/${id}`).expect(404);
    await api().get(`/api/episodes/${id}`).set(bearer(owner.token)).expect(200);
    await api().delete(`/api/episodes/${id}`).set(bearer(otherOwner.token)).expect(403);
    await api().delete(`/api/episodes/${id}`).set(bearer(owner.token)).expect(204);
    await api().get(`/api/episodes/${id}`).set(bearer(owner.token)).expect(404);
    await api().get('/api/episodes/nope').expect(400);
    await api()
      .post('/api/episodes')
      .set(bearer(owner.token))
      .send({ podcastId: podcast.id, title: 'x' })
      .expect(400);
  });

  it('pages a show’s episodes newest first, hiding drafts and scheduled ones from the public', async () => {
    const podcast = await show();
    const day = 24 * 3600 * 1000;
    for (let i = 0; i < 3; i += 1) {
      await episode(podcast.id, {
        title: `Week ${i}`,
        publishedAt: new Date(Date.now() - (10 - i) * day).toISOString(),
      });
    }
    await episode(podcast.id, { title: 'Draft', status: 'draft' });
    await episode(podcast.id, { title: 'Scheduled', publishedAt: new Date(Date.now() + day).toISOString() });
    const pub = await api().get(`/api/episodes/podcast-episodes?podcastId=${podcast.id}&limit=2`).expect(200);
    expect(pub.body).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(pub.body.items.map((e: { title: string }) => e.title)).toEqual(['Week 2', 'Week 1']);
    const all = await api()
      .get(`/api/episodes/podcast-episodes?podcastId=${podcast.id}`)
      .set(bearer(owner.token))
      .expect(200);
    expect(all.body.total).toBe(5);
    expect(all.body.limit).toBe(10);
    await api().get('/api/episodes/podcast-episodes?podcastId=zzz').expect(400);
    await api().get('/api/episodes/podcast-episodes').expect(400);

    const latest = await api().get('/api/episodes?page=1&limit=100').expect(200);
    const titles = latest.body.items.map((e: { title: string }) => e.title);
    expect(titles).not.toContain('Draft');
    expect(titles).not.toContain('Scheduled');
    const dates = latest.body.items.map((e: { publishedAt: string }) => Date.parse(e.publishedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect((await api().get('/api/episodes').expect(200)).body.limit).toBe(10);
  });

  it('answers public episodes by id at once, in the order asked, leaving out what a visitor may not see', async () => {
    const podcast = await show();
    const hidden = await show(owner, { status: 'draft' });
    const day = 24 * 3600 * 1000;
    const first = await episode(podcast.id, { publishedAt: new Date(Date.now() - 2 * day).toISOString() });
    const second = await episode(podcast.id, { guestIds: [guest.id] });
    const draft = await episode(podcast.id, { status: 'draft' });
    const scheduled = await episode(podcast.id, { publishedAt: new Date(Date.now() + day).toISOString() });
    const ofHiddenShow = await episode(hidden.id);
    const gone = await episode(podcast.id);
    await api().delete(`/api/episodes/${gone.id}`).set(bearer(owner.token)).expect(204);
    const unknown = 'a'.repeat(24);

    const asked = [second.id, draft.id, first.id, scheduled.id, ofHiddenShow.id, gone.id, unknown, second.id];
    // Even the show's owner gets the public answer here: drafts are read one at a time.
    const res = await api()
      .get(`/api/episodes/by-ids?ids=${asked.join(',')}`)
      .set(bearer(owner.token))
      .expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.items.map((e: { id: string }) => e.id)).toEqual([second.id, first.id]);
    const single = await api().get(`/api/episodes/${second.id}`).expect(200);
    expect(res.body.items[0]).toEqual(single.body);

    const refused = async (query: string, code: string, message: RegExp) => {
      const bad = await api().get(`/api/episodes/by-ids${query}`).expect(400);
      expect(bad.body).toMatchObject({ code, details: [{ path: expect.stringMatching(/^query\.ids/) }] });
      expect(bad.body.error).toMatch(message);
    };
    await refused('', 'VALIDATION_FAILED', /comma-separated list of episode ids/);
    await refused('?ids=', 'INVALID_ID', /24-character/);
    await refused(`?ids=${first.id},zzz`, 'INVALID_ID', /24-character/);
    const tooMany = Array.from({ length: 101 }, (_, n) => n.toString(16).padStart(24, '0'));
    await refused(`?ids=${tooMany.join(',')}`, 'VALIDATION_FAILED', /at most 100 episodes/);
  });

  it('answers a member the newest public episodes of the shows they follow, and no one else', async () => {
    const [followed, alsoFollowed, notFollowed] = [await show(), await show(otherOwner), await show()];
    const day = 24 * 3600 * 1000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
    const old = await episode(followed.id, { publishedAt: at(3) });
    const newest = await episode(alsoFollowed.id, { publishedAt: at(1) }, otherOwner);
    const middle = await episode(followed.id, { publishedAt: at(2) });
    await episode(followed.id, { status: 'draft' });
    await episode(followed.id, { publishedAt: new Date(Date.now() + day).toISOString() });
    await episode(notFollowed.id);
    const member = await platform.member('user');
    const mine = () => api().get('/api/episodes/followed').set(bearer(member.token));
    expect((await mine().expect(200)).body).toEqual({ items: [] });

    for (const podcast of [followed, alsoFollowed]) {
      await api().patch(`/api/podcasts/${podcast.id}/follow`).set(bearer(member.token)).expect(200);
    }
    const res = await mine().expect(200);
    expect(res.body.items.map((e: { id: string }) => e.id)).toEqual([newest.id, middle.id, old.id]);
    expect(res.body.items[0].show).toMatchObject({ id: alsoFollowed.id, name: alsoFollowed.name });
    const limited = await api().get('/api/episodes/followed?limit=2').set(bearer(member.token)).expect(200);
    expect(limited.body.items).toHaveLength(2);

    await api().get('/api/episodes/followed').expect(401);
    const bad = await api().get('/api/episodes/followed?limit=51').set(bearer(member.token)).expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'query.limit' }] });
  });

  it('lists previous episodes of the same show and an episode’s guests', async () => {
    const podcast = await show();
    const day = 24 * 3600 * 1000;
    const first = await episode(podcast.id, { publishedAt: new Date(Date.now() - 3 * day).toISOString() });
    const second = await episode(podcast.id, { publishedAt: new Date(Date.now() - 2 * day).toISOString() });
    const third = await episode(podcast.id, {
      publishedAt: new Date(Date.now() - day).toISOString(),
      guestIds: [guest.id],
    });
    const prev = await api().get(`/api/episodes/${third.id}/prevEpisodes?limit=5`).expect(200);
    expect(prev.body.map((e: { id: string }) => e.id)).toEqual([second.id, first.id]);
    expect((await api().get(`/api/episodes/${third.id}/prevEpisodes?limit=1`).expect(200)).body).toHaveLength(
      1,
    );
    await api().get(`/api/episodes/${third.id}/prevEpisodes?limit=0`).expect(400);
    const guests = await api().get(`/api/episodes/${third.id}/guests`).expect(200);
    expect(guests.body).toEqual([expect.objectContaining({ id: guest.id, username: guest.username })]);
    const appearances = await api().get(`/api/episodes/public/guest-podcasts?userId=${guest.id}`).expect(200);
    expect(appearances.body.items.map((e: { id: string }) => e.id)).toContain(third.id);
  });

  it('removes a show’s episodes when the show is deleted', async () => {
    const podcast = await show();
    const one = await episode(podcast.id);
    await api().delete(`/api/podcasts/${podcast.id}`).set(bearer(owner.token)).expect(204);
    await api().get(`/api/episodes/${one.id}`).set(bearer(owner.token)).expect(404);
    expect(
      await platform.catalog.context.db.collection('episodes').countDocuments({ podcast: podcast.id }),
    ).toBe(0);
  });
});
