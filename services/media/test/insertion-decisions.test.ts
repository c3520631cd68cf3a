import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { testInfra } from '@podz/kit/testing';
import type { LiveCampaign } from '../src/insertion/campaign-choice';
import { DecisionStore, isoWeek, type Offer } from '../src/insertion/decision-store';

// Decisions per download on the real Redis: one per listener, episode and UTC day, whoever asks
// and however often; priority as offered, caps, competitive separation, goals and the day's share.

let redis: Redis;
let other: Redis;
beforeAll(() => {
  redis = new Redis(testInfra().redisUrl);
  other = new Redis(testInfra().redisUrl);
});
afterAll(async () => {
  await Promise.all([redis.quit(), other.quit()]);
});

const now = new Date('2026-12-10T12:00:00Z');
const campaign = (id: string, overrides: Partial<LiveCampaign> = {}): LiveCampaign => ({
  id,
  kind: 'standard',
  advertiserCategory: id,
  promotesPodcastId: null,
  positions: ['pre', 'mid', 'post'],
  flight: { startsAt: new Date('2026-12-01T00:00:00Z'), endsAt: new Date('2026-12-31T00:00:00Z') },
  impressionGoal: null,
  targeting: { showIds: [], categories: [], countries: [], apps: [], platforms: [], episodeMaxAgeDays: null },
  caps: { perDay: null, perWeek: null },
  creativeIds: [`${id}-spot`],
  ...overrides,
});
const offer = (position: Offer['position'], atFrame: number, ...campaigns: LiveCampaign[]): Offer => ({
  position,
  atFrame,
  candidates: campaigns.map((one) => ({ campaign: one, creativeId: one.creativeIds[0] ?? '' })),
});
const fillsOf = (fills: { campaignId: string }[]) => fills.map((fill) => fill.campaignId);
const store = (client = redis, prefix = `test:${randomUUID()}:`) => new DecisionStore(client, prefix);

describe('a download’s decision', () => {
  it('is made once per listener, episode and day, and is the same from any instance asking at once', async () => {
    const prefix = `test:${randomUUID()}:`;
    const [one, two] = [store(redis, prefix), store(other, prefix)];
    const a = campaign('a');
    const b = campaign('b');
    const decided = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? one : two).decide('episode-1', 'listener-1', now, [offer('pre', 0, i % 3 ? a : b)]),
      ),
    );
    expect(new Set(decided.map((fills) => JSON.stringify(fills))).size).toBe(1);
    // The same later in the day, whatever is offered; a new day decides again.
    const later = await one.decide('episode-1', 'listener-1', new Date('2026-12-10T23:59:00Z'), [
      offer('pre', 0, b),
    ]);
    expect(later).toEqual(decided[0]);
    expect(await two.decided('episode-1', 'listener-1', now)).toEqual(decided[0]);
    const tomorrow = await one.decide('episode-1', 'listener-1', new Date('2026-12-11T00:01:00Z'), [
      offer('pre', 0, b),
    ]);
    expect(fillsOf(tomorrow)).toEqual(['b']);
  });

  it('fills each break with the first candidate that fits, never two of one category in a file', async () => {
    const decisions = store();
    const mattressA = campaign('mattress-a', { advertiserCategory: 'mattresses' });
    const mattressB = campaign('mattress-b', { advertiserCategory: 'mattresses' });
    const shoes = campaign('shoes');
    const fills = await decisions.decide('episode-1', 'listener-1', now, [
      offer('pre', 0, mattressA, shoes),
      offer('mid', 5000, mattressB, shoes),
      offer('post', 9000, mattressA, mattressB),
    ]);
    expect(fills).toEqual([
      { position: 'pre', atFrame: 0, campaignId: 'mattress-a', creativeId: 'mattress-a-spot' },
      { position: 'mid', atFrame: 5000, campaignId: 'shoes', creativeId: 'shoes-spot' },
    ]);
    expect(await decisions.decide('episode-2', 'listener-2', now, [])).toEqual([]);
  });

  it('keeps each listener within a campaign’s daily and weekly caps', async () => {
    const decisions = store();
    const capped = campaign('capped', { caps: { perDay: 1, perWeek: 2 } });
    const house = campaign('house', { kind: 'promo' });
    const first = (episode: string, at: Date) =>
      decisions
        .decide(episode, 'listener-1', at, [offer('pre', 0, capped, house)])
        .then((fills) => fills[0]?.campaignId);
    expect(await first('e1', now)).toBe('capped');
    expect(await first('e2', now)).toBe('house');
    expect(await first('e3', new Date('2026-12-11T08:00:00Z'))).toBe('capped');
    // Twice this week (Monday 7 December to Sunday 13 December): no more until Monday.
    expect(await first('e4', new Date('2026-12-12T08:00:00Z'))).toBe('house');
    expect(isoWeek(new Date('2026-12-14T08:00:00Z'))).not.toBe(isoWeek(now));
    expect(await first('e5', new Date('2026-12-14T08:00:00Z'))).toBe('capped');
  });

  it('stops a campaign at its goal mid-flight, and at its share of what is left each day', async () => {
    const decisions = store();
    // Three impressions over a flight that ends tomorrow: two today (the day's share, rounded up),
    // one tomorrow.
    const short = campaign('short', {
      impressionGoal: 3,
      flight: { startsAt: new Date('2026-12-01T00:00:00Z'), endsAt: new Date('2026-12-12T00:00:00Z') },
    });
    const house = campaign('house', { kind: 'promo' });
    const today = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        decisions.decide('e1', `listener-${i}`, now, [offer('pre', 0, short, house)]).then(fillsOf),
      ),
    );
    expect(today.flat().filter((id) => id === 'short')).toHaveLength(2);
    const tomorrow = new Date('2026-12-11T09:00:00Z');
    const next = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        decisions.decide('e1', `listener-${i}`, tomorrow, [offer('pre', 0, short, house)]).then(fillsOf),
      ),
    );
    expect(next.flat().filter((id) => id === 'short')).toHaveLength(1);
    expect(await decisions.served(['short', 'house'], tomorrow)).toEqual(
      new Map([
        ['short', { total: 3, today: 1 }],
        ['house', { total: 7, today: 4 }],
      ]),
    );
  });
});
