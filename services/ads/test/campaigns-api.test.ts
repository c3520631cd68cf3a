import request from 'supertest';
import { campaignSchema, envelopeSchema, TOPICS } from '@podz/proto';
import { eventually, readTopic, testInfra, testTopic } from '@podz/kit/testing';
import { CampaignCopies } from '../../media/src/data/campaign-copies';
import { AdsPlatform, bearer, type Member } from './support/ads-harness';

// Campaigns as editors and admins run them: created as drafts with creatives that are media's audio
// uploads, checked before they go live, saved whole on `ads.campaign.v1` for media's decisions.

let platform: AdsPlatform;
let editor: Member;
let admin: Member;
let owner: Member;
const api = () => request(platform.url);

beforeAll(async () => {
  platform = await AdsPlatform.start();
  [editor, admin, owner] = await Promise.all([
    platform.member('editor'),
    platform.member('admin'),
    platform.member('owner'),
  ]);
});
afterAll(() => platform?.stop());

const day = 24 * 3600_000;
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spring mattresses',
  advertiser: 'Sleepwell',
  advertiserCategory: 'Mattresses',
  kind: 'standard',
  promotesPodcastId: null,
  positions: ['pre', 'mid', 'mid'],
  flight: {
    startsAt: new Date(Date.now() - day).toISOString(),
    endsAt: new Date(Date.now() + 7 * day).toISOString(),
  },
  impressionGoal: 10_000,
  cpmCents: 2500,
  targeting: {
    showIds: [],
    categories: ['Science'],
    countries: ['GB', 'IE'],
    apps: [],
    platforms: ['iOS'],
    episodeMaxAgeDays: null,
  },
  caps: { perDay: 1, perWeek: 3 },
  creatives: [],
  ...overrides,
});

async function savedEvents(campaignId: string, count: number) {
  const messages = await readTopic(testInfra().kafkaBrokers, testTopic(TOPICS.adsCampaign), {
    until: (seen) => seen.filter((message) => message.key === campaignId).length >= count,
    timeoutMs: 20_000,
  });
  return messages
    .filter((message) => message.key === campaignId)
    .map((message) => envelopeSchema.parse(JSON.parse(message.value!)));
}

describe('campaigns', () => {
  it('are created as drafts, go live with a creative, list newest first, and are told whole on their topic', async () => {
    const created = await api().post('/api/ads/campaigns').set(bearer(editor.token)).send(body()).expect(201);
    const campaign = campaignSchema.parse(created.body);
    expect(campaign).toMatchObject({
      status: 'draft',
      advertiserCategory: 'mattresses',
      positions: ['pre', 'mid'],
      creatives: [],
      createdBy: editor.id,
    });

    // Live needs something to play.
    const early = await api()
      .put(`/api/ads/campaigns/${campaign.id}`)
      .set(bearer(editor.token))
      .send({ status: 'live' })
      .expect(400);
    expect(early.body.details).toEqual([{ path: 'creatives', message: 'a live campaign needs a creative' }]);

    const spot = await platform.audio(editor);
    const live = await api()
      .put(`/api/ads/campaigns/${campaign.id}`)
      .set(bearer(admin.token))
      .send({ status: 'live', creatives: [{ uploadId: spot.id, name: '30 s spot' }] })
      .expect(200);
    expect(live.body).toMatchObject({
      status: 'live',
      creatives: [{ uploadId: spot.id, name: '30 s spot', url: spot.url, durationSeconds: 2 }],
    });

    const second = await api()
      .post('/api/ads/campaigns')
      .set(bearer(editor.token))
      .send(body({ name: 'Winter duvets' }))
      .expect(201);
    const page = await api().get('/api/ads/campaigns?limit=2').set(bearer(editor.token)).expect(200);
    expect(page.body.items.map((one: { id: string }) => one.id)).toEqual([second.body.id, campaign.id]);
    expect((await api().get(`/api/ads/campaigns/${campaign.id}`).set(bearer(editor.token))).body.status).toBe(
      'live',
    );

    const events = await savedEvents(campaign.id, 2);
    expect(events.map((event) => [event.type, (event.data as { status: string }).status])).toEqual([
      ['podz.ads.campaign.saved', 'draft'],
      ['podz.ads.campaign.saved', 'live'],
    ]);
    expect(events[1]!.data).toMatchObject({
      campaignId: campaign.id,
      creativeIds: [spot.id],
      caps: { perDay: 1 },
    });

    // Media keeps the live campaign for its decisions, and lets it go when it is deleted.
    const copies = new CampaignCopies(platform.media.context.db);
    await eventually('media’s copy of the live campaign', async () =>
      (await copies.live(new Date())).some((one) => one.id === campaign.id && one.creativeIds[0] === spot.id),
    );
    await api().delete(`/api/ads/campaigns/${campaign.id}`).set(bearer(editor.token)).expect(204);
    await api().get(`/api/ads/campaigns/${campaign.id}`).set(bearer(editor.token)).expect(404);
    const told = await savedEvents(campaign.id, 3);
    expect(told[2]).toMatchObject({ type: 'podz.ads.campaign.deleted', data: { campaignId: campaign.id } });
    await eventually('media to forget the deleted campaign', async () =>
      (await copies.live(new Date())).every((one) => one.id !== campaign.id),
    );
  });

  it('refuses bad fields, creatives that are not audio uploads, a live campaign without a goal, and callers who are not editors', async () => {
    const post = (fields: Record<string, unknown>, who = editor) =>
      api().post('/api/ads/campaigns').set(bearer(who.token)).send(body(fields));
    const backwards = await post({
      flight: { startsAt: new Date().toISOString(), endsAt: new Date(Date.now() - day).toISOString() },
    }).expect(400);
    expect(backwards.body.details[0]).toMatchObject({
      path: 'body.flight.endsAt',
      message: 'the flight ends after it starts',
    });
    expect((await post({ kind: 'banner' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    await post({ targeting: { ...body().targeting, countries: ['england'] } }).expect(400);
    await post({ caps: { perDay: 0, perWeek: null } }).expect(400);
    await post({ positions: [] }).expect(400);

    const missing = await post({
      creatives: [{ uploadId: '64b7f0c2a1b2c3d4e5f60718', name: 'Ghost' }],
    }).expect(400);
    expect(missing.body.details).toEqual([{ path: 'creatives.0.uploadId', message: 'is no upload' }]);

    const promo = await post({ kind: 'promo', impressionGoal: null, cpmCents: 0 }).expect(201);
    const spot = await platform.audio(editor);
    const unnamed = await api()
      .put(`/api/ads/campaigns/${promo.body.id}`)
      .set(bearer(editor.token))
      .send({ status: 'live', creatives: [{ uploadId: spot.id, name: 'Promo' }] })
      .expect(400);
    expect(unnamed.body.details).toEqual([
      { path: 'promotesPodcastId', message: 'a house promo names the show it promotes' },
    ]);
    const standard = await post({ impressionGoal: null }).expect(201);
    const goalless = await api()
      .put(`/api/ads/campaigns/${standard.body.id}`)
      .set(bearer(editor.token))
      .send({ status: 'live', creatives: [{ uploadId: spot.id, name: 'Spot' }] })
      .expect(400);
    expect(goalless.body.details).toEqual([
      { path: 'impressionGoal', message: 'a live campaign needs an impression goal' },
    ]);

    await post({}, owner).expect(403);
    await api().get('/api/ads/campaigns').expect(401);
    await api().get('/api/ads/campaigns/not-an-id').set(bearer(editor.token)).expect(400);
    await api().get('/api/ads/campaigns/64b7f0c2a1b2c3d4e5f60718').set(bearer(editor.token)).expect(404);
  });
});

describe('the network’s insertion settings', () => {
  it('start from the defaults, are changed by admins only, and are told on their topic', async () => {
    expect((await api().get('/api/ads/settings').set(bearer(owner.token)).expect(200)).body).toEqual({
      insertByDefault: false,
      rule: { preRoll: true, midRollAfter: 0.4, postRoll: false },
      ownerSharePercent: 50,
    });
    await api()
      .put('/api/ads/settings')
      .set(bearer(editor.token))
      .send({ insertByDefault: true })
      .expect(403);
    const saved = await api()
      .put('/api/ads/settings')
      .set(bearer(admin.token))
      .send({
        insertByDefault: true,
        rule: { preRoll: false, midRollAfter: 0.5, postRoll: true },
        ownerSharePercent: 60,
      })
      .expect(200);
    expect(saved.body).toEqual({
      insertByDefault: true,
      rule: { preRoll: false, midRollAfter: 0.5, postRoll: true },
      ownerSharePercent: 60,
    });
    await api()
      .put('/api/ads/settings')
      .set(bearer(admin.token))
      .send({ ownerSharePercent: 101 })
      .expect(400);
    await api()
      .put('/api/ads/settings')
      .set(bearer(admin.token))
      .send({ rule: { preRoll: true, midRollAfter: 1.5, postRoll: false } })
      .expect(400);
    expect((await api().get('/api/ads/settings').set(bearer(owner.token))).body.rule.midRollAfter).toBe(0.5);
    const messages = await readTopic(testInfra().kafkaBrokers, testTopic(TOPICS.adsSettings), {
      until: (seen) => seen.some((message) => message.key === 'network'),
      timeoutMs: 20_000,
    });
    expect(JSON.parse(messages.find((message) => message.key === 'network')!.value!).data).toEqual(
      saved.body,
    );
    const copies = new CampaignCopies(platform.media.context.db);
    await eventually('media’s copy of the settings', async () => (await copies.adSettings()).insertByDefault);
    expect(await copies.adSettings()).toEqual({ insertByDefault: true, rule: saved.body.rule });
  });
});
