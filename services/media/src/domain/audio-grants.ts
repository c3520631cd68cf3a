import { RecentReads } from '@podz/kit';
import type { Entitlement, EntitlementBook } from '@podz/read-models';
import type { PrivateFeedCopies, PrivateFeedCopy } from '../data/private-feed-copies';

/**
 * How long an instance trusts what it read of a feed or a member's plan. A revocation (a plan
 * that ran out, a suspended or reset feed) reaches every instance within it plus the event's trip,
 * well inside the five seconds premium listening promises.
 */
const FRESH_MS = 1000;
const REMEMBERED = 10_000;

/**
 * The keyed reads behind every premium audio request (a private feed by id, a member's plan),
 * kept for a second per instance: a podcast app's ranged GETs for one episode come in bursts, and
 * each costs a map lookup instead of two store reads.
 */
export class AudioGrants {
  private readonly feeds = new RecentReads<string, PrivateFeedCopy | null>(FRESH_MS, REMEMBERED);
  private readonly members = new RecentReads<string, Entitlement | null>(FRESH_MS, REMEMBERED);

  constructor(
    private readonly privateFeeds: Pick<PrivateFeedCopies, 'byFeedId'>,
    private readonly book: Pick<EntitlementBook, 'find'>,
  ) {}

  feed(feedId: string, now = Date.now()): Promise<PrivateFeedCopy | null> {
    return this.feeds.get(feedId, () => this.privateFeeds.byFeedId(feedId), now);
  }

  entitlement(userId: string, now = Date.now()): Promise<Entitlement | null> {
    return this.members.get(userId, () => this.book.find(userId), now);
  }
}
