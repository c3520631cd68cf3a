import { isAdmin, newId, notFound, type AuthUser } from '@podz/kit';
import { showAllowing } from '../shows/podcast-rules';
import type { PremiumMembers } from '@podz/proto';
import type { PodcastRecord } from '../../data/catalog-models';
import type { PrivateFeedRow } from '../../data/private-feed-store';
import type { CatalogDeps } from '../catalog-deps';
import { showPremium, teamOf } from './premium-rules';

/** Counted up to this: the figure is for the owner's page, not a census. */
const MEMBERS_COUNTED = 10_000;

async function teamShow(
  deps: Pick<CatalogDeps, 'podcasts'>,
  user: AuthUser,
  podcastId: string,
): Promise<PodcastRecord> {
  return showAllowing(
    deps,
    podcastId,
    (show) => isAdmin(user) || teamOf(show).includes(user.id),
    'Only the show’s owner, its hosts and admins see its members',
  );
}

async function teamFeed(
  deps: Pick<CatalogDeps, 'podcasts' | 'privateFeeds'>,
  user: AuthUser,
  feedId: string,
): Promise<PrivateFeedRow> {
  const feed = await deps.privateFeeds.byFeedId(feedId);
  if (!feed) throw notFound('Private feed');
  await teamShow(deps, user, feed.podcastId);
  return feed;
}

/**
 * `GET /api/podcasts/{id}/premium-members`: how many members hold a private feed of the show,
 * and the feeds fetched from more places in a day than one member uses, with who holds them.
 */
export async function premiumMembers(
  deps: Pick<CatalogDeps, 'config' | 'podcasts' | 'privateFeeds' | 'sharing' | 'users'>,
  user: AuthUser,
  podcastId: string,
): Promise<PremiumMembers> {
  const podcast = await teamShow(deps, user, podcastId);
  const [privateFeeds, flags] = await Promise.all([
    deps.privateFeeds.countOfShow(podcastId, MEMBERS_COUNTED),
    deps.sharing.flagsOf(podcastId),
  ]);
  const [users, feeds] = await Promise.all([
    deps.users.findMany(flags.map((flag) => flag.userId)),
    deps.privateFeeds.byFeedIds(flags.map((flag) => flag.feedId)),
  ]);
  const current = new Map(feeds.map((feed) => [feed.feedId, feed]));
  return {
    premium: showPremium(podcast),
    privateFeeds,
    limits: {
      addresses: deps.config.PRIVATE_FEED_DAILY_ADDRESSES,
      apps: deps.config.PRIVATE_FEED_DAILY_APPS,
    },
    // A flag outlives its link only until the feed is reset; a feed gone since is left out.
    flagged: flags.flatMap((flag, index) => {
      const feed = current.get(flag.feedId);
      if (!feed) return [];
      const { userId: _userId, ...figures } = flag;
      return [{ ...figures, user: users[index] ?? null, suspended: Boolean(feed.suspendedAt) }];
    }),
  };
}

/** `PATCH /api/private-feeds/{id}`: the show's team suspends a shared feed, or lifts it. */
export async function suspendPrivateFeed(
  deps: Pick<CatalogDeps, 'grants' | 'logger' | 'podcasts' | 'privateFeeds'>,
  user: AuthUser,
  feedId: string,
  suspended: boolean,
) {
  const feed = await teamFeed(deps, user, feedId);
  await deps.privateFeeds.setSuspended(feedId, suspended ? new Date() : null);
  deps.grants.forgetFeed(feed);
  deps.logger.info(
    { feedId, podcastId: feed.podcastId, by: user.id, suspended },
    'private feed suspension changed',
  );
}

/**
 * `POST /api/private-feeds/{id}/reset`: the show's team gives a shared feed's member a new link
 * (which the member finds on the show's page and in their settings); the shared one stops at once.
 */
export async function teamResetPrivateFeed(
  deps: Pick<CatalogDeps, 'grants' | 'logger' | 'podcasts' | 'privateFeeds' | 'sharing' | 'tokens'>,
  user: AuthUser,
  feedId: string,
) {
  const feed = await teamFeed(deps, user, feedId);
  const next = newId();
  await deps.privateFeeds.reset(feed.userId, feed.podcastId, {
    feedId: next,
    tokenHash: deps.tokens.hashOf(deps.tokens.feedToken(next)),
    at: new Date(),
  });
  deps.grants.forgetFeed(feed);
  await deps.sharing.clear(feed.podcastId, feedId);
  deps.logger.info(
    { feedId, next, podcastId: feed.podcastId, by: user.id },
    'private feed reset by the show',
  );
}
