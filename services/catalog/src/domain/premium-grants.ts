import { LruMap } from '@podz/kit';
import type { Entitlement, EntitlementBook } from '../data/entitlement-book';
import type { PrivateFeedRow, PrivateFeedStore } from '../data/private-feed-store';

/**
 * How long an instance trusts what it read of a feed or a member's plan. A revocation (a plan
 * that ran out, a suspended feed) reaches every instance within it plus the event's trip, well
 * inside the five seconds premium listening promises; a reset or suspension is seen at once by the
 * instance that made it and within this by the others.
 */
const FRESH_MS = 1000;
const REMEMBERED = 10_000;

type Remembered<V> = { at: number; value: Promise<V> };

function remembered<V>(
  map: LruMap<string, Remembered<V>>,
  key: string,
  now: number,
  load: () => PromiseLike<V>,
) {
  const known = map.get(key);
  if (known && now - known.at < FRESH_MS) return known.value;
  // A real promise: the loaders return mongoose queries, which run again each time they are awaited.
  const value = Promise.resolve(load());
  map.set(key, { at: now, value });
  // A failed read is not remembered: the next request asks the store again.
  value.catch(() => map.delete(key));
  return value;
}

/**
 * The keyed reads behind every private-feed and premium-audio request (a feed by its link or its
 * id, a member's plan), kept for a second per instance: a podcast app's ranged GETs for one
 * episode come in bursts, and each costs a map lookup instead of two store reads.
 */
export class PremiumGrants {
  private readonly feeds = new LruMap<string, Remembered<PrivateFeedRow | null>>(REMEMBERED);
  private readonly links = new LruMap<string, Remembered<PrivateFeedRow | null>>(REMEMBERED);
  private readonly members = new LruMap<string, Remembered<Entitlement | null>>(REMEMBERED);

  constructor(
    private readonly store: PrivateFeedStore,
    private readonly book: EntitlementBook,
  ) {}

  feed(feedId: string, now = Date.now()): Promise<PrivateFeedRow | null> {
    return remembered(this.feeds, feedId, now, () => this.store.byFeedId(feedId));
  }

  /** A feed by its link's token hash: a podcast app polling, or its repeat conditional GETs. */
  link(tokenHash: string, now = Date.now()): Promise<PrivateFeedRow | null> {
    return remembered(this.links, tokenHash, now, () => this.store.byTokenHash(tokenHash));
  }

  entitlement(userId: string, now = Date.now()): Promise<Entitlement | null> {
    return remembered(this.members, userId, now, () => this.book.find(userId));
  }

  /** After a reset or suspension here: this instance stops honouring the old link at once. */
  forgetFeed(feed: Pick<PrivateFeedRow, 'feedId' | 'tokenHash'>): void {
    this.feeds.delete(feed.feedId);
    this.links.delete(feed.tokenHash);
  }
}
