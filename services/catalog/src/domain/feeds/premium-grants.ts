import { RecentReads } from '@podz/kit';
import type { Entitlement, EntitlementBook } from '@podz/read-models';
import type { PrivateFeedRow, PrivateFeedStore } from '../../data/private-feed-store';

/**
 * How long an instance trusts what it read of a feed or a member's plan. A revocation (a plan
 * that ran out, a suspended feed) reaches every instance within it plus the event's trip, well
 * inside the five seconds premium listening promises; a reset or suspension is seen at once by the
 * instance that made it and within this by the others.
 */
const FRESH_MS = 1000;
const REMEMBERED = 10_000;

/**
 * The keyed reads behind every private-feed and premium-audio request (a feed by its link or its
 * id, a member's plan), kept for a second per instance: a podcast app's ranged GETs for one
 * episode come in bursts, and each costs a map lookup instead of two store reads.
 */
export class PremiumGrants {
  private readonly feeds = new RecentReads<string, PrivateFeedRow | null>(FRESH_MS, REMEMBERED);
  private readonly links = new RecentReads<string, PrivateFeedRow | null>(FRESH_MS, REMEMBERED);
  private readonly members = new RecentReads<string, Entitlement | null>(FRESH_MS, REMEMBERED);

  constructor(
    private readonly store: PrivateFeedStore,
    private readonly book: EntitlementBook,
  ) {}

  feed(feedId: string, now = Date.now()): Promise<PrivateFeedRow | null> {
    return this.feeds.get(feedId, () => this.store.byFeedId(feedId), now);
  }

  /** A feed by its link's token hash: a podcast app polling, or its repeat conditional GETs. */
  link(tokenHash: string, now = Date.now()): Promise<PrivateFeedRow | null> {
    return this.links.get(tokenHash, () => this.store.byTokenHash(tokenHash), now);
  }

  entitlement(userId: string, now = Date.now()): Promise<Entitlement | null> {
    return this.members.get(userId, () => this.book.find(userId), now);
  }

  /** After a reset or suspension here: this instance stops honouring the old link at once. */
  forgetFeed(feed: Pick<PrivateFeedRow, 'feedId' | 'tokenHash'>): void {
    this.feeds.forget(feed.feedId);
    this.links.forget(feed.tokenHash);
  }
}
