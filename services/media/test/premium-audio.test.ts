import request from 'supertest';
import { pendingEvent, PremiumTokens } from '@podz/kit';
import { eventually } from '@podz/kit/testing';
import { userDeleted, userPlanChanged } from '@podz/proto';
import { offerPlans } from '@podz/read-models/testing';
import { wavTone } from '../src/uploads/generate-media';
import { bearer, CatalogPlatform, type Member } from '../../catalog/test/support/catalog-harness';

// The premium gate of /media/audio, asked of media itself: who may hear a premium episode comes
// from media's own copies (catalog's shows, episodes and private feeds; identity's and billing's
// word on plans), so each change catalog or identity makes reaches the gate a moment later.

jest.setTimeout(120_000);

const SECRET = 'media-premium-suite-secret-0123456789abcdef';
let platform: CatalogPlatform;
let owner: Member;
let member: Member;
let bonus: { id: string; audio: { url: string } };
let show: { id: string };
const media = () => request(platform.mediaUrl);
const catalog = () => request(platform.url);

/** Media's answer to `path` once it is `status` (what media heard a moment ago), then asserted. */
async function answers(path: string, status: number, session?: Member) {
  const get = () => (session ? media().get(path).set(bearer(session.token)) : media().get(path));
  await eventually(`${path} → ${status}`, async () => (await get()).status === status).catch(() => undefined);
  return get().expect(status);
}

beforeAll(async () => {
  platform = await CatalogPlatform.start({ PREMIUM_LINK_SECRET: SECRET }, { MEDIA_JOB_SLOTS: '1' });
  [owner, member] = await Promise.all([platform.member('owner'), platform.member('user')]);
  await offerPlans(platform.catalog);
  show = await platform.showBy(owner, { name: `Gated ${Date.now()}`, category: 'Science' });
  await eventually('the plans to reach catalog', async () => {
    const res = await catalog()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ premium: { plans: ['pro'] } });
    return res.status === 200;
  });
  bonus = (await platform.episodeBy(owner, {
    podcastId: show.id,
    title: 'Bonus',
    premium: { kind: 'bonus' },
  })) as typeof bonus;
  await platform.catalog.context.producer.publish([
    pendingEvent(userPlanChanged, member.id, { userId: member.id, plan: 'pro', previousPlan: 'free' }),
  ]);
});
afterAll(() => platform?.stop());

describe("media's premium gate", () => {
  it('admits the team and members whose plan unlocks the show, privately, and nobody else', async () => {
    const refused = await answers(bonus.audio.url, 403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', error: 'This episode is for members on pro' });
    const team = await answers(bonus.audio.url, 200, owner);
    expect(team.headers['cache-control']).toBe('private, max-age=86400');
    await answers(bonus.audio.url, 200, member);
  });

  it('gates the house-format rendition as the file it was made from', async () => {
    const id = /\/media\/audio\/([0-9a-f]{24})\./.exec(bonus.audio.url)?.[1] ?? '';
    const rendition = `/media/audio/${id}.house.mp3`;
    await eventually(
      'the rendition',
      async () =>
        (await catalog().get(`/api/media/${id}`).set(bearer(owner.token))).body.audio?.rendition != null,
      60_000,
    );
    const refused = await answers(rendition, 403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', error: 'This episode is for members on pro' });
    const team = await answers(rendition, 200, owner);
    expect(team.headers['content-type']).toBe('audio/mpeg');
    expect(team.headers['cache-control']).toBe('private, max-age=86400');
    await answers(rendition, 200, member);
  });

  it('honours a private feed’s key until the team suspends the feed, and again once it lifts it', async () => {
    const opened = await catalog()
      .post(`/api/podcasts/${show.id}/private-feed`)
      .set(bearer(member.token))
      .expect(200);
    const path = `${bonus.audio.url}?k=${new PremiumTokens(SECRET).audioKey(opened.body.id, Date.now())}`;
    await answers(path, 200);
    const malformed = await media().get(`${bonus.audio.url}?k=not-a-key`).expect(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');

    await catalog()
      .patch(`/api/private-feeds/${opened.body.id}`)
      .set(bearer(owner.token))
      .send({ suspended: true })
      .expect(204);
    const suspended = await answers(path, 403);
    expect(suspended.body.error).toBe('This private feed was suspended by the show’s team');
    await catalog()
      .patch(`/api/private-feeds/${opened.body.id}`)
      .set(bearer(owner.token))
      .send({ suspended: false })
      .expect(204);
    await answers(path, 200);
  });

  it('forgets a deleted member’s feeds', async () => {
    const leaving = await platform.member('user');
    await platform.catalog.context.producer.publish([
      pendingEvent(userPlanChanged, leaving.id, { userId: leaving.id, plan: 'pro', previousPlan: 'free' }),
    ]);
    await eventually('the plan to reach catalog', async () => {
      const res = await catalog().get(`/api/podcasts/${show.id}/premium`).set(bearer(leaving.token));
      return res.status === 200 && res.body.entitled === true;
    });
    const opened = await catalog()
      .post(`/api/podcasts/${show.id}/private-feed`)
      .set(bearer(leaving.token))
      .expect(200);
    const path = `${bonus.audio.url}?k=${new PremiumTokens(SECRET).audioKey(opened.body.id, Date.now())}`;
    await answers(path, 200);
    await platform.catalog.context.producer.publish([
      pendingEvent(userDeleted, leaving.id, { userId: leaving.id, username: leaving.username }),
    ]);
    const gone = await answers(path, 403);
    expect(gone.body.error).toBe('This audio link is not valid');
  });
  it('never serves a new premium episode’s audio as nobody’s, before media hears of the episode', async () => {
    // At once after the episode is made: media may not have heard of it yet, and waits to.
    const fresh = (await platform.episodeBy(owner, {
      podcastId: show.id,
      title: 'Fresh bonus',
      premium: { kind: 'bonus' },
    })) as typeof bonus;
    const refused = await media().get(fresh.audio.url).expect(403);
    expect(refused.body.error).toBe('This episode is for members on pro');

    // An upload catalog asked about but never named on an episode (the write failed after):
    // held closed, not served as nobody's.
    const upload = await media()
      .post('/api/media/audio')
      .set(bearer(owner.token))
      .attach('file', wavTone({ seconds: 1, notes: [550] }), 'take.wav')
      .expect(201);
    await media().get(upload.body.url).expect(200);
    await media().get(`/uploads/${upload.body.id}`).expect(200);
    const held = await media().get(upload.body.url).expect(403);
    expect(held.body.error).toBe('This episode’s audio is not available yet; try again in a moment');
  });
});
