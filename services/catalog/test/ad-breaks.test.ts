import request from 'supertest';
import { bearer, CatalogPlatform, type Member } from './support/catalog-harness';

// Where inserted ads and promos go in an episode: set by its owner (sorted, checked against its
// audio), or left to the network's rule, and refused clearly when they cannot fit.

let platform: CatalogPlatform;
let owner: Member;
let stranger: Member;
let show: { id: string };
const api = () => request(platform.url);

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  [owner, stranger] = await Promise.all([platform.member('owner'), platform.member('owner')]);
  show = await platform.showBy(owner, { name: `Breaks ${Date.now().toString(36)}`, category: 'Science' });
});
afterAll(() => platform?.stop());

describe('ad breaks', () => {
  it('are the network rule’s until the owner sets them, then sorted on the episode, and back to the rule with null', async () => {
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'Two minutes' }, 150);
    expect((await api().get(`/api/episodes/${episode.id}`).expect(200)).body.adBreaks).toBeNull();

    const set = await api()
      .put(`/api/episodes/${episode.id}/ad-breaks`)
      .set(bearer(owner.token))
      .send({ adBreaks: { preRoll: true, midRolls: [90, 40.5], postRoll: false } })
      .expect(200);
    expect(set.body.adBreaks).toEqual({ preRoll: true, midRolls: [40.5, 90], postRoll: false });
    const read = await api().get(`/api/episodes/${episode.id}`).expect(200);
    expect(read.body.adBreaks).toEqual({ preRoll: true, midRolls: [40.5, 90], postRoll: false });

    const cleared = await api()
      .put(`/api/episodes/${episode.id}/ad-breaks`)
      .set(bearer(owner.token))
      .send({ adBreaks: null })
      .expect(200);
    expect(cleared.body.adBreaks).toBeNull();
  });

  it('refuses mid-rolls too early, too late, too close together or too many, bad fields and strangers', async () => {
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'Strict breaks' }, 150);
    const put = (adBreaks: unknown, who = owner) =>
      api().put(`/api/episodes/${episode.id}/ad-breaks`).set(bearer(who.token)).send({ adBreaks });
    const breaks = (midRolls: number[]) => ({ preRoll: false, midRolls, postRoll: true });

    const early = await put(breaks([10])).expect(400);
    expect(early.body.details[0]).toEqual({
      path: 'body.adBreaks.midRolls.0',
      message: 'a mid-roll is at least 30 s into the episode',
    });
    const late = await put(breaks([60, 125])).expect(400);
    expect(late.body.details).toEqual([
      { path: 'adBreaks.midRolls.1', message: 'is less than 30 s before the audio ends (150 s)' },
    ]);
    const close = await put(breaks([60, 75])).expect(400);
    expect(close.body.details[0].message).toBe('mid-rolls are at least 30 s apart');
    const many = await put(breaks(Array.from({ length: 9 }, (_, i) => 30 + i * 30))).expect(400);
    expect(many.body.details[0].message).toBe('at most 8 mid-rolls');
    await put({ preRoll: 'yes', midRolls: [], postRoll: false }).expect(400);
    await put({ preRoll: true, midRolls: [], postRoll: false, extra: 1 }).expect(400);
    await put(breaks([60]), stranger).expect(403);
    await api()
      .put('/api/episodes/not-an-id/ad-breaks')
      .set(bearer(owner.token))
      .send({ adBreaks: null })
      .expect(400);
    expect((await api().get(`/api/episodes/${episode.id}`).expect(200)).body.adBreaks).toBeNull();
  });
});
