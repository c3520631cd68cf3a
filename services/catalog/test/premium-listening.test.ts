import { parseFeed } from 'podcast-partytime';
import request from 'supertest';
import { pendingEvent, recordsOfMessage } from '@podz/kit';
import { eventually, readTopic, testInfra, testTopic } from '@podz/kit/testing';
import { subscriptionEnded, userPlanChanged, type ListenRecord } from '@podz/proto';
import { offerPlans } from '@podz/read-models/testing';
import { PremiumTokens } from '@podz/kit';
import { bearer, CatalogPlatform, type Member } from './support/catalog-harness';

const SECRET = 'premium-listening-suite-secret-0123456789abcdef';
const NO_SUCH_SHOW = '64b7f0c2a1b2c3d4e5f60799';

let platform: CatalogPlatform;
let owner: Member;
let admin: Member;
let member: Member;
let freeMember: Member;
let otherMember: Member;
let show: { id: string; uId: string };
let bonus: { id: string; audio: { url: string } };
let open: { id: string; audio: { url: string } };
let early: { id: string; audio: { url: string } };
let later: { id: string; audio: { url: string } };
const api = () => request(platform.url);
const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
const feedPath = (url: string) => new URL(url).pathname;
const keyOf = (enclosure: string) => new URL(enclosure).searchParams.get('k') ?? '';

/**
 * Audio answering `status` once media has heard what catalog, identity or billing just said (a
 * private feed opened or reset, a plan bought): media keeps its own copy, a moment behind.
 */
async function audioAnswers(path: string, status: number, session?: Member) {
  const get = () => {
    const req = api().get(path);
    return session ? req.set(bearer(session.token)) : req;
  };
  await eventually(`${path} to answer ${status}`, async () => (await get()).status === status).catch(
    () => undefined,
  );
  return get().expect(status);
}

/** Identity's word that a member moved plans, published as identity would. */
async function movePlan(user: Member, plan: string, previousPlan: string) {
  await platform.catalog.context.producer.publish([
    pendingEvent(userPlanChanged, user.id, { userId: user.id, plan, previousPlan }),
  ]);
}

async function endSubscription(user: Member, plan: string) {
  await platform.catalog.context.producer.publish([
    pendingEvent(subscriptionEnded, user.id, {
      userId: user.id,
      plan,
      reason: 'cancelled',
      paidThrough: new Date().toISOString(),
    }),
  ]);
}

async function entitled(user: Member, showId: string, wanted: boolean) {
  await eventually(`${user.username} to be ${wanted ? '' : 'not '}entitled`, async () => {
    const res = await api().get(`/api/podcasts/${showId}/premium`).set(bearer(user.token));
    return res.status === 200 && res.body.entitled === wanted;
  });
}

beforeAll(async () => {
  platform = await CatalogPlatform.start({
    PREMIUM_LINK_SECRET: SECRET,
    PRIVATE_FEED_DAILY_ADDRESSES: '3',
    PRIVATE_FEED_DAILY_APPS: '2',
  });
  [owner, admin, member, freeMember, otherMember] = await Promise.all([
    platform.member('owner'),
    platform.member('admin'),
    platform.member('user'),
    platform.member('user'),
    platform.member('user'),
  ]);
  await offerPlans(platform.catalog);
  // The owner's address: podcast:locked names it, and parsers read the tag only with it.
  show = await platform.showBy(owner, {
    name: `Members only ${unique()}`,
    category: 'Science',
    feed: { ownerEmail: 'owner@example.org' },
  });
  await api()
    .put(`/api/podcasts/${show.id}`)
    .set(bearer(owner.token))
    .send({ premium: { plans: ['pro', 'network'] } })
    .expect(200);
  const episode = (fields: Record<string, unknown>) =>
    platform.episodeBy(owner, { podcastId: show.id, ...fields }) as Promise<typeof bonus>;
  open = await episode({ title: 'Everyone hears this', publishedAt: '2026-10-01T10:00:00.000Z' });
  bonus = await episode({
    title: 'The bonus',
    publishedAt: '2026-10-02T10:00:00.000Z',
    premium: { kind: 'bonus' },
  });
  early = await episode({
    title: 'Early, and public by now',
    publishedAt: '2026-10-03T10:00:00.000Z',
    premium: { kind: 'early-access', publicAt: '2026-10-10T10:00:00.000Z' },
  });
  later = await episode({
    title: 'Members hear it first',
    publishedAt: '2026-10-04T10:00:00.000Z',
    premium: { kind: 'early-access', publicAt: '2099-01-01T00:00:00.000Z' },
  });
  await Promise.all([movePlan(member, 'pro', 'free'), movePlan(otherMember, 'network', 'free')]);
  await entitled(member, show.id, true);
  await entitled(otherMember, show.id, true);
  // Media, which gates the audio, hears the plans from the same events a moment later or sooner.
  await audioAnswers(bonus.audio.url, 200, member);
  await audioAnswers(bonus.audio.url, 200, otherMember);
}, 120_000);
afterAll(() => platform?.stop());

describe('what is premium', () => {
  it('takes only plans that exist and offer premium listening', async () => {
    const res = await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ premium: { plans: ['pro', 'free', 'gold'] } })
      .expect(400);
    expect(res.body.details).toEqual([
      { path: 'body.premium.plans.1', message: 'The Free plan does not include premium listening' },
    ]);
    const unknown = await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ premium: { plans: ['gold'] } })
      .expect(400);
    expect(unknown.body.details[0].message).toBe('There is no plan named gold');
    const member = await api().get(`/api/podcasts/${show.id}`).expect(200);
    expect(member.body.premium).toEqual({ plans: ['pro', 'network'], allEpisodes: false });
  });

  it('refuses a premium episode on a show that names no plans, and a malformed premium setting', async () => {
    const plain = await platform.showBy(owner, { name: `No plans ${unique()}`, category: 'Arts' });
    const res = await api()
      .put(`/api/episodes/${open.id}`)
      .set(bearer(owner.token))
      .send({ premium: { kind: 'early-access' } })
      .expect(400);
    expect(res.body.details).toEqual([
      {
        path: 'body.premium.publicAt',
        message: 'early access needs publicAt, when the episode becomes public',
      },
    ]);
    const cut = await api()
      .put(`/api/episodes/${bonus.id}`)
      .set(bearer(owner.token))
      .send({ premium: { kind: 'ad-free', publicEpisodeId: plain.id } })
      .expect(400);
    expect(cut.body.details[0].path).toBe('body.premium.publicEpisodeId');
    const elsewhere = await platform.episodeBy(owner, { podcastId: plain.id, title: 'Plain' });
    const refused = await api()
      .put(`/api/episodes/${elsewhere.id}`)
      .set(bearer(owner.token))
      .send({ premium: { kind: 'bonus' } })
      .expect(400);
    expect(refused.body.error).toBe('Name the plans that unlock premium episodes on the show first');
  });

  it('says who may hear each episode now, and keeps premium episodes out of the public feed', async () => {
    const page = await api().get(`/api/episodes/podcast-episodes?podcastId=${show.id}`).expect(200);
    const listening = Object.fromEntries(
      page.body.items.map((item: { title: string; listening: string }) => [item.title, item.listening]),
    );
    expect(listening).toEqual({
      'Everyone hears this': 'public',
      'The bonus': 'premium',
      'Early, and public by now': 'public',
      'Members hear it first': 'premium',
    });
    const publicFeed = await api().get(`/shows/${show.uId}/feed.xml`).expect(200);
    const titles = parseFeed(publicFeed.text)?.items.map((item) => item.title);
    expect(titles?.sort()).toEqual(['Early, and public by now', 'Everyone hears this']);
  });
});

describe('premium audio', () => {
  it('answers a session entitled to it and refuses every other caller', async () => {
    await api().get(bonus.audio.url).expect(403);
    const refused = await api().get(bonus.audio.url).set(bearer(freeMember.token)).expect(403);
    expect(refused.body.error).toBe('This episode is for members on pro or network');
    for (const listener of [member, owner, admin]) {
      const res = await api().get(bonus.audio.url).set(bearer(listener.token)).set('range', 'bytes=0-99');
      expect(res.status).toBe(206);
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
    }
    // Public and no-longer-early episodes are anyone's, cached as before.
    for (const url of [open.audio.url, early.audio.url]) {
      const res = await api().get(url).expect(200);
      expect(res.headers['cache-control']).toMatch(/^public/);
    }
  });
});

describe('a private feed', () => {
  it('is offered only to members whose plan unlocks the show, and to its team', async () => {
    const refused = await api()
      .post(`/api/podcasts/${show.id}/private-feed`)
      .set(bearer(freeMember.token))
      .expect(403);
    expect(refused.body.error).toMatch(/Members on pro or network/);
    await api().post(`/api/podcasts/${show.id}/private-feed`).set(bearer(owner.token)).expect(200);
    const plain = await platform.showBy(owner, { name: `Free show ${unique()}`, category: 'Arts' });
    await api().post(`/api/podcasts/${plain.id}/private-feed`).set(bearer(member.token)).expect(409);
    await api().post(`/api/podcasts/${show.id}/private-feed`).expect(401);
  });

  it('holds every episode, blocked and locked, and its audio links play without a session', async () => {
    const opened = await api()
      .post(`/api/podcasts/${show.id}/private-feed`)
      .set(bearer(member.token))
      .expect(200);
    expect(opened.body.url).toMatch(/^http:\/\/podz\.test\/feeds\/[A-Za-z0-9_-]{43}\/feed\.xml$/);
    const again = await api()
      .post(`/api/podcasts/${show.id}/private-feed`)
      .set(bearer(member.token))
      .expect(200);
    expect(again.body.url).toBe(opened.body.url);

    const res = await api().get(feedPath(opened.body.url)).set('user-agent', 'Overcast/3.0').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const feed = parseFeed(res.text);
    expect(feed?.locked).toBe(true);
    expect(feed?.itunesBlock).toBe(true);
    const items = new Map(feed?.items.map((item) => [item.title, item.enclosure?.url ?? '']));
    expect([...items.keys()].sort()).toEqual([
      'Early, and public by now',
      'Everyone hears this',
      'Members hear it first',
      'The bonus',
    ]);
    const bonusUrl = items.get('The bonus') ?? '';
    expect(keyOf(bonusUrl)).toMatch(/^[0-9a-f]{24}\.\d+\.[A-Za-z0-9_-]{22}$/);
    // Every link of the member's feed carries their key, public episodes' too (members pay for no ads).
    expect(items.get('Everyone hears this')).toBe(`http://podz.test${open.audio.url}?k=${keyOf(bonusUrl)}`);
    await audioAnswers(`${bonus.audio.url}?k=${keyOf(bonusUrl)}`, 200);
    const played = await api()
      .get(`${bonus.audio.url}?k=${keyOf(bonusUrl)}`)
      .set('range', 'bytes=0-9');
    expect(played.status).toBe(206);

    // A repeat poll with the validator costs a 304.
    await api().get(feedPath(opened.body.url)).set('if-none-match', String(res.headers.etag)).expect(304);
    const mine = await api().get('/api/private-feeds').set(bearer(member.token)).expect(200);
    expect(mine.body.items).toEqual([
      expect.objectContaining({ url: opened.body.url, show: expect.any(Object) }),
    ]);
  });

  it('refuses audio keys that are forged, expired, for another show or malformed', async () => {
    const opened = await api()
      .post(`/api/podcasts/${show.id}/private-feed`)
      .set(bearer(member.token))
      .expect(200);
    const tokens = new PremiumTokens(SECRET);
    const key = tokens.audioKey(opened.body.id, Date.now());
    await audioAnswers(`${bonus.audio.url}?k=${key}`, 200);
    const forged = `${key.slice(0, -2)}${key.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await api().get(`${bonus.audio.url}?k=${forged}`).expect(403);
    expect(res.body.error).toBe('This audio link is not valid');
    const expired = tokens.signedAudioKey(opened.body.id, Math.floor(Date.now() / 86_400_000) - 1);
    const old = await api().get(`${bonus.audio.url}?k=${expired}`).expect(403);
    expect(old.body.error).toBe('This audio link has expired; refresh your private feed');
    const otherKey = new PremiumTokens('another-network-secret-0123456789abcdef').audioKey(
      opened.body.id,
      Date.now(),
    );
    await api().get(`${bonus.audio.url}?k=${otherKey}`).expect(403);
    const malformed = await api().get(`${bonus.audio.url}?k=not-a-key`).expect(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');

    // Another show's feed: its key is genuine, but not for this show's audio.
    const second = await platform.showBy(owner, { name: `Second premium ${unique()}`, category: 'Arts' });
    await api()
      .put(`/api/podcasts/${second.id}`)
      .set(bearer(owner.token))
      .send({ premium: { plans: ['pro'], allEpisodes: true } })
      .expect(200);
    const theirs = await api()
      .post(`/api/podcasts/${second.id}/private-feed`)
      .set(bearer(member.token))
      .expect(200);
    const elsewhere = tokens.audioKey(theirs.body.id, Date.now());
    await api().get(`${bonus.audio.url}?k=${elsewhere}`).expect(403);
  });

  it('answers a malformed token as bad input and an unknown one as not found', async () => {
    const bad = await api().get('/feeds/short/feed.xml').expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    await api()
      .get(`/feeds/${'A'.repeat(43)}/feed.xml`)
      .expect(404);
  });

  it('stops the old link and its audio links at once when the member resets it', async () => {
    const before = await api()
      .post(`/api/podcasts/${show.id}/private-feed`)
      .set(bearer(member.token))
      .expect(200);
    const oldFeed = await api().get(feedPath(before.body.url)).expect(200);
    const oldKey = keyOf(
      parseFeed(oldFeed.text)?.items.find((item) => item.title === 'The bonus')?.enclosure?.url ?? '',
    );
    await audioAnswers(`${bonus.audio.url}?k=${oldKey}`, 200);

    const reset = await api()
      .post(`/api/podcasts/${show.id}/private-feed/reset`)
      .set(bearer(member.token))
      .expect(200);
    expect(reset.body.url).not.toBe(before.body.url);
    await api().get(feedPath(before.body.url)).expect(404);
    // Media, which serves the audio, stops the old key as soon as it hears of the reset.
    await audioAnswers(`${bonus.audio.url}?k=${oldKey}`, 403);
    const fresh = await api().get(feedPath(reset.body.url)).expect(200);
    const newKey = keyOf(
      parseFeed(fresh.text)?.items.find((item) => item.title === 'The bonus')?.enclosure?.url ?? '',
    );
    await audioAnswers(`${bonus.audio.url}?k=${newKey}`, 200);
    await api()
      .post(`/api/podcasts/${NO_SUCH_SHOW}/private-feed/reset`)
      .set(bearer(member.token))
      .expect(404);
  });
});

describe('entitlement follows billing', () => {
  it('an ended subscription turns the feed to 410 and the audio to 403; a new purchase brings them back', async () => {
    const opened = await api()
      .post(`/api/podcasts/${show.id}/private-feed`)
      .set(bearer(member.token))
      .expect(200);
    const feed = await api().get(feedPath(opened.body.url)).expect(200);
    const key = keyOf(
      parseFeed(feed.text)?.items.find((item) => item.title === 'The bonus')?.enclosure?.url ?? '',
    );
    const theirs = await api()
      .post(`/api/podcasts/${show.id}/private-feed`)
      .set(bearer(otherMember.token))
      .expect(200);
    const theirKey = new PremiumTokens(SECRET).audioKey(theirs.body.id, Date.now());

    // A subscription to another plan that ended changes nothing.
    await endSubscription(member, 'network');
    await endSubscription(member, 'pro');
    await eventually('the private feed to answer 410', async () => {
      const res = await api().get(feedPath(opened.body.url));
      return res.status === 410;
    });
    const gone = await api().get(feedPath(opened.body.url)).expect(410);
    expect(gone.headers['content-type']).toMatch(/^application\/rss\+xml/);
    // One item without audio (parsers that need an enclosure skip it; apps show its text).
    const item = /<item>([\s\S]*)<\/item>/.exec(gone.text)?.[1] ?? '';
    expect(item).toContain('<title>Your access to the members’ episodes ended</title>');
    expect(item).toMatch(/<description>Your membership was cancelled/);
    expect(item).toContain('<link>http://podz.test/pricing</link>');
    await eventually('premium audio to answer 403', async () => {
      const res = await api().get(`${bonus.audio.url}?k=${key}`);
      return res.status === 403;
    });
    await api().get(bonus.audio.url).set(bearer(member.token)).expect(403);
    // Another member's link is theirs alone: it still plays, and theirs no longer does.
    await audioAnswers(`${bonus.audio.url}?k=${theirKey}`, 200);
    await api().get(feedPath(theirs.body.url)).expect(200);
    // Public episodes stay theirs.
    await api().get(open.audio.url).expect(200);

    // Identity moves them to free, then they buy the plan again.
    await movePlan(member, 'free', 'pro');
    await movePlan(member, 'pro', 'free');
    await eventually('the private feed to work again', async () => {
      const res = await api().get(feedPath(opened.body.url));
      return res.status === 200;
    });
    await audioAnswers(`${bonus.audio.url}?k=${key}`, 200);
  });
});

describe('a whole premium show', () => {
  it('makes every episode premium and its public feed empty of them', async () => {
    const whole = await platform.showBy<{ id: string; uId: string }>(owner, {
      name: `All premium ${unique()}`,
      category: 'Arts',
      premium: { plans: ['network'], allEpisodes: true },
    });
    const episode = (await platform.episodeBy(owner, {
      podcastId: whole.id,
      title: 'Locked',
    })) as typeof bonus;
    const read = await api().get(`/api/episodes/${episode.id}`).expect(200);
    expect(read.body).toMatchObject({ premium: null, listening: 'premium' });
    expect(read.body.show.premium).toEqual({ plans: ['network'], allEpisodes: true });
    const publicFeed = await api().get(`/shows/${whole.uId}/feed.xml`).expect(200);
    expect(publicFeed.text).not.toContain('<item>');
    // Pro does not unlock a show that names only network.
    await api().get(episode.audio.url).set(bearer(member.token)).expect(403);
    await audioAnswers(later.audio.url, 200, member);
  });
});

describe('sharing is seen', () => {
  it('flags a feed fetched from more places in a day than one member uses; the team suspends and resets it', async () => {
    const opened = await api()
      .post(`/api/podcasts/${show.id}/private-feed`)
      .set(bearer(otherMember.token))
      .expect(200);
    const path = feedPath(opened.body.url);
    const before = await api()
      .get(`/api/podcasts/${show.id}/premium-members`)
      .set(bearer(owner.token))
      .expect(200);
    expect(before.body.privateFeeds).toBeGreaterThanOrEqual(1);
    expect(before.body.flagged.map((flag: { feedId: string }) => flag.feedId)).not.toContain(opened.body.id);
    // Five households, one app: over the limit of three addresses a day.
    for (let n = 1; n <= 5; n += 1) {
      await api()
        .get(path)
        .set('x-forwarded-for', `203.0.113.${n}`)
        .set('user-agent', 'Overcast/3.0')
        .expect(200);
    }
    let flag:
      | { feedId: string; user: { username: string }; addresses: number; apps: number; suspended: boolean }
      | undefined;
    await eventually('the feed to be flagged', async () => {
      const res = await api().get(`/api/podcasts/${show.id}/premium-members`).set(bearer(owner.token));
      flag = res.body.flagged.find((item: { feedId: string }) => item.feedId === opened.body.id);
      return flag !== undefined;
    });
    expect(flag).toMatchObject({ user: { username: otherMember.username }, suspended: false });
    // Earlier tests fetched it too, from this machine with the test client's agent.
    expect(flag?.addresses).toBeGreaterThanOrEqual(5);
    expect(flag?.apps).toBeGreaterThanOrEqual(1);
    // Members, and other members' shows, are not the team's business.
    await api().get(`/api/podcasts/${show.id}/premium-members`).set(bearer(member.token)).expect(403);

    await api()
      .patch(`/api/private-feeds/${opened.body.id}`)
      .set(bearer(member.token))
      .send({ suspended: true })
      .expect(403);
    await api()
      .patch(`/api/private-feeds/${opened.body.id}`)
      .set(bearer(owner.token))
      .send({ suspended: true })
      .expect(204);
    const gone = await api().get(path).expect(410);
    expect(gone.text).toContain('suspended');
    const key = new PremiumTokens(SECRET).audioKey(opened.body.id, Date.now());
    // Media, which serves the audio, hears of the suspension from catalog's event.
    await audioAnswers(`${bonus.audio.url}?k=${key}`, 403);
    await api()
      .post(`/api/podcasts/${show.id}/private-feed/reset`)
      .set(bearer(otherMember.token))
      .expect(409);
    await api()
      .patch(`/api/private-feeds/${opened.body.id}`)
      .set(bearer(admin.token))
      .send({ suspended: false })
      .expect(204);
    await api().get(path).expect(200);

    // The team's reset: the shared link dies, the member finds a new one in their settings.
    await api().post(`/api/private-feeds/${opened.body.id}/reset`).set(bearer(owner.token)).expect(204);
    await api().get(path).expect(404);
    const mine = await api().get('/api/private-feeds').set(bearer(otherMember.token)).expect(200);
    const renewed = mine.body.items.find((item: { podcastId: string }) => item.podcastId === show.id);
    expect(renewed.url).not.toBe(opened.body.url);
    await api().get(feedPath(renewed.url)).expect(200);
    const after = await api()
      .get(`/api/podcasts/${show.id}/premium-members`)
      .set(bearer(owner.token))
      .expect(200);
    expect(after.body.flagged.map((item: { feedId: string }) => item.feedId)).not.toContain(opened.body.id);
  });

  it('shows an admin a member’s plan and feeds without their links, and no one else', async () => {
    const res = await api()
      .get(`/api/private-feeds?userId=${otherMember.id}`)
      .set(bearer(admin.token))
      .expect(200);
    expect(res.body.plan).toBe('network');
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.every((item: { url: string | null }) => item.url === null)).toBe(true);
    await api().get(`/api/private-feeds?userId=${otherMember.id}`).set(bearer(member.token)).expect(403);
    const bad = await api().get('/api/private-feeds?userId=nope').set(bearer(admin.token)).expect(400);
    expect(bad.body.code).toBe('INVALID_ID');
  });
});

describe('the listening figures', () => {
  it('record private feed fetches for the show and its premium downloads like any other', async () => {
    const opened = await api()
      .post(`/api/podcasts/${show.id}/private-feed`)
      .set(bearer(member.token))
      .expect(200);
    const feed = await api().get(feedPath(opened.body.url)).set('user-agent', 'PocketCasts/1.0').expect(200);
    const key = keyOf(
      parseFeed(feed.text)?.items.find((item) => item.title === 'The bonus')?.enclosure?.url ?? '',
    );
    await api().get(`${bonus.audio.url}?k=${key}`).set('user-agent', 'PocketCasts/1.0').expect(200);
    const bonusId = bonus.id;
    const messages = await readTopic(testInfra().kafkaBrokers, testTopic('catalog.listen.v1'), {
      until: (seen) => {
        const records = seen.flatMap((message) => recordsOfMessage(message.value)) as ListenRecord[];
        return (
          records.some((r) => r.kind === 'feed' && r.ua === 'PocketCasts/1.0') &&
          records.some((r) => r.episode === bonusId && r.ua === 'PocketCasts/1.0')
        );
      },
      timeoutMs: 20_000,
    });
    const records = messages.flatMap((message) => recordsOfMessage(message.value)) as ListenRecord[];
    expect(records.find((r) => r.kind === 'feed' && r.ua === 'PocketCasts/1.0')).toMatchObject({
      show: show.id,
      status: 200,
      premium: false,
    });
    expect(records.find((r) => r.episode === bonusId && r.ua === 'PocketCasts/1.0')).toMatchObject({
      kind: 'audio',
      show: show.id,
      status: 200,
      premium: true,
    });
  });
});
