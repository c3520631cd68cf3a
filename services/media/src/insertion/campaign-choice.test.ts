import { eligible, offerOrder, todaysTarget, type LiveCampaign, type Listening } from './campaign-choice';

// Which campaigns may fill a break, how much each should be decided into today, and in what order
// they are offered it.

const now = new Date('2026-12-10T12:00:00Z');
const campaign = (overrides: Partial<LiveCampaign> = {}): LiveCampaign => ({
  id: 'c1',
  kind: 'standard',
  advertiserCategory: 'mattresses',
  promotesPodcastId: null,
  positions: ['pre', 'mid'],
  flight: { startsAt: new Date('2026-12-08T00:00:00Z'), endsAt: new Date('2026-12-15T00:00:00Z') },
  impressionGoal: 7000,
  targeting: { showIds: [], categories: [], countries: [], apps: [], platforms: [], episodeMaxAgeDays: null },
  caps: { perDay: null, perWeek: null },
  creativeIds: ['u1'],
  ...overrides,
});
const listening: Listening = {
  podcastId: 'show1',
  categories: ['Science'],
  country: 'GB',
  app: 'Apple Podcasts',
  platform: 'iOS',
  publishedAt: new Date('2026-12-01T00:00:00Z'),
};
const targeted = (targeting: Partial<LiveCampaign['targeting']>) =>
  campaign({ targeting: { ...campaign().targeting, ...targeting } });

describe('eligibility', () => {
  it('takes a campaign in its flight, for its positions, for anyone when nothing is targeted', () => {
    expect(eligible(campaign(), listening, 'pre', now)).toBe(true);
    expect(eligible(campaign(), listening, 'post', now)).toBe(false);
    expect(eligible(campaign(), listening, 'pre', new Date('2026-12-15T00:00:00Z'))).toBe(false);
    expect(eligible(campaign(), listening, 'pre', new Date('2026-12-07T23:59:59Z'))).toBe(false);
    expect(eligible(campaign({ creativeIds: [] }), listening, 'pre', now)).toBe(false);
  });

  it('matches every targeted list, and a missing fact matches no list that names values', () => {
    expect(eligible(targeted({ showIds: ['show1', 'show2'] }), listening, 'pre', now)).toBe(true);
    expect(eligible(targeted({ showIds: ['show2'] }), listening, 'pre', now)).toBe(false);
    expect(eligible(targeted({ categories: ['Comedy', 'Science'] }), listening, 'pre', now)).toBe(true);
    expect(eligible(targeted({ categories: ['Comedy'] }), listening, 'pre', now)).toBe(false);
    expect(eligible(targeted({ countries: ['GB'] }), listening, 'pre', now)).toBe(true);
    expect(eligible(targeted({ countries: ['GB'] }), { ...listening, country: null }, 'pre', now)).toBe(
      false,
    );
    expect(eligible(targeted({ apps: ['Spotify'] }), listening, 'pre', now)).toBe(false);
    expect(eligible(targeted({ platforms: ['iOS'] }), listening, 'pre', now)).toBe(true);
    expect(eligible(targeted({ episodeMaxAgeDays: 7 }), listening, 'pre', now)).toBe(false);
    expect(eligible(targeted({ episodeMaxAgeDays: 10 }), listening, 'pre', now)).toBe(true);
  });

  it('never plays a show’s promo in its own episodes', () => {
    const promo = campaign({ kind: 'promo', impressionGoal: null, promotesPodcastId: 'show1' });
    expect(eligible(promo, listening, 'pre', now)).toBe(false);
    expect(eligible(promo, { ...listening, podcastId: 'show2' }, 'pre', now)).toBe(true);
  });
});

describe('pacing', () => {
  it('spreads what is left of the goal over the days left, today included', () => {
    // Seven days, 7,000: 1,000 a day; on the third day with 2,000 served, still 1,000.
    expect(todaysTarget(campaign(), 2000, now)).toBe(1000);
    // A slow start (500 served in two days) is caught up over the five days left.
    expect(todaysTarget(campaign(), 500, now)).toBe(1300);
    // On the last day, whatever is left; past the goal, nothing.
    expect(todaysTarget(campaign(), 6400, new Date('2026-12-14T20:00:00Z'))).toBe(600);
    expect(todaysTarget(campaign(), 7100, now)).toBe(0);
    expect(todaysTarget(campaign({ impressionGoal: null }), 1e9, now)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('the order of offers', () => {
  it('puts sponsorships first and promos last, then the furthest behind, then spreads listeners', () => {
    const offer = (id: string, kind: LiveCampaign['kind'], behind: number) => ({
      campaign: campaign({ id, kind }),
      behind,
    });
    const order = offerOrder(
      [
        offer('promo', 'promo', 900),
        offer('std-a', 'standard', 10),
        offer('spons', 'sponsorship', 0),
        offer('std-b', 'standard', 50),
      ],
      'listener-1',
    );
    expect(order.map((one) => one.campaign.id)).toEqual(['spons', 'std-b', 'std-a', 'promo']);

    // Two equal campaigns: each first for about half the listeners, the same half every time.
    const tied = [offer('a', 'standard', 0), offer('b', 'standard', 0)];
    const firsts = Array.from({ length: 1000 }, (_, i) => offerOrder(tied, `listener-${i}`)[0]!.campaign.id);
    const aFirst = firsts.filter((id) => id === 'a').length;
    expect(aFirst).toBeGreaterThan(400);
    expect(aFirst).toBeLessThan(600);
    expect(offerOrder(tied, 'listener-7')).toEqual(offerOrder([...tied].reverse(), 'listener-7'));
  });
});
