import { conflict, forbidden, isAdmin, newId, notFound, type AuthUser } from '@podz/kit';
import type { PremiumAccess, PrivateFeed, PrivateFeedList } from '@podz/proto';
import type { PodcastRecord } from '../../data/catalog-models';
import type { PrivateFeedRow } from '../../data/private-feed-store';
import type { CatalogDeps } from '../catalog-deps';
import { hearsPremium } from '@podz/read-models';
import { showPremium, teamOf } from './premium-rules';

/** A member may keep this many private feeds (one per premium show): `GET /api/private-feeds` reads them all. */
export const PRIVATE_FEEDS_MAX = 200;

/** A feed as its member sees it; `withLink: false` for anyone else (the link is the member's secret). */
export function privateFeedView(
  deps: Pick<CatalogDeps, 'config' | 'tokens'>,
  row: PrivateFeedRow,
  withLink = true,
): PrivateFeed {
  const origin = deps.config.PUBLIC_ORIGIN.replace(/\/$/, '');
  return {
    id: row.feedId,
    podcastId: row.podcastId,
    url: withLink ? `${origin}/feeds/${deps.tokens.feedToken(row.feedId)}/feed.xml` : null,
    createdAt: row.createdAt.toISOString(),
    suspended: Boolean(row.suspendedAt),
  };
}

async function publishedShow(deps: Pick<CatalogDeps, 'podcasts'>, id: string): Promise<PodcastRecord> {
  const podcast = await deps.podcasts.findById(id);
  if (!podcast || podcast.status !== 'published') throw notFound('Podcast');
  return podcast;
}

/**
 * `GET /api/podcasts/{id}/premium`: the show's premium plans, whether the caller hears them, their
 * feed. This and opening a feed read the member's plan from the store, not the second-old copy
 * the audio and feed requests share (`PremiumGrants`): they answer the member on the screen they
 * come back to from a purchase.
 */
export async function premiumAccess(
  deps: Pick<CatalogDeps, 'config' | 'entitlements' | 'podcasts' | 'privateFeeds' | 'tokens'>,
  user: AuthUser,
  id: string,
): Promise<PremiumAccess> {
  const podcast = await publishedShow(deps, id);
  const [entitlement, feed] = await Promise.all([
    deps.entitlements.find(user.id),
    deps.privateFeeds.of(user.id, id),
  ]);
  const show = { team: teamOf(podcast), plans: showPremium(podcast).plans };
  return {
    premium: showPremium(podcast),
    entitled: await hearsPremium({ userId: user.id, admin: isAdmin(user) }, show, async () => entitlement),
    plan: entitlement?.plan ?? null,
    feed: feed ? privateFeedView(deps, feed) : null,
  };
}

/**
 * `POST /api/podcasts/{id}/private-feed`: the caller's private feed of the show, made on first
 * ask. Members whose plan unlocks the show and its team get one; admins hear premium episodes in
 * the browser but hold no plan a feed could follow.
 */
export async function openPrivateFeed(
  deps: Pick<CatalogDeps, 'config' | 'entitlements' | 'logger' | 'podcasts' | 'privateFeeds' | 'tokens'>,
  user: AuthUser,
  id: string,
): Promise<PrivateFeed> {
  const podcast = await publishedShow(deps, id);
  const { plans } = showPremium(podcast);
  if (plans.length === 0) throw conflict('This show has no premium episodes, so it has no private feed');
  // Admins hear premium episodes in the browser but hold no plan a feed could follow.
  const member = { userId: user.id, admin: false };
  if (
    !(await hearsPremium(member, { team: teamOf(podcast), plans }, (userId) =>
      deps.entitlements.find(userId),
    ))
  ) {
    throw forbidden(
      `Members on ${plans.join(' or ')} hear this show’s premium episodes; choose a plan first`,
    );
  }
  const existing = await deps.privateFeeds.of(user.id, id);
  if (existing) return privateFeedView(deps, existing);
  if ((await deps.privateFeeds.countOfMember(user.id, PRIVATE_FEEDS_MAX)) >= PRIVATE_FEEDS_MAX) {
    throw conflict(`A member keeps at most ${PRIVATE_FEEDS_MAX} private feeds`);
  }
  const feedId = newId();
  const row = await deps.privateFeeds.open({
    userId: user.id,
    podcastId: id,
    feedId,
    tokenHash: deps.tokens.hashOf(deps.tokens.feedToken(feedId)),
    createdAt: new Date(),
  });
  deps.logger.info({ podcastId: id, userId: user.id, feedId: row.feedId }, 'private feed opened');
  return privateFeedView(deps, row);
}

/** `POST /api/podcasts/{id}/private-feed/reset`: a new link; the old one and its audio links stop. */
export async function resetPrivateFeed(
  deps: Pick<CatalogDeps, 'config' | 'grants' | 'logger' | 'privateFeeds' | 'tokens'>,
  user: AuthUser,
  id: string,
): Promise<PrivateFeed> {
  const existing = await deps.privateFeeds.of(user.id, id);
  if (!existing) throw notFound('Private feed');
  if (existing.suspendedAt) {
    throw conflict('The show’s team suspended this feed; they can restore it or give it a new link');
  }
  const feedId = newId();
  const row = await deps.privateFeeds.reset(user.id, id, {
    feedId,
    tokenHash: deps.tokens.hashOf(deps.tokens.feedToken(feedId)),
    at: new Date(),
  });
  if (!row) throw notFound('Private feed');
  deps.grants.forgetFeed(existing);
  deps.logger.info({ podcastId: id, userId: user.id, feedId }, 'private feed reset');
  return privateFeedView(deps, row);
}

/**
 * `GET /api/private-feeds?userId=`: the caller's private feeds with each show's name, and their
 * plan; an admin may name a member (`/users`) and sees their feeds without the links.
 */
export async function privateFeedsOf(
  deps: Pick<CatalogDeps, 'config' | 'entitlements' | 'podcasts' | 'privateFeeds' | 'tokens'>,
  user: AuthUser,
  userId: string | undefined,
): Promise<PrivateFeedList> {
  const whose = userId ?? user.id;
  if (whose !== user.id && !isAdmin(user)) throw forbidden('Only admins read another member’s feeds');
  const [rows, entitlement] = await Promise.all([
    deps.privateFeeds.ofMember(whose, PRIVATE_FEEDS_MAX),
    deps.entitlements.find(whose),
  ]);
  const shows = await deps.podcasts.findByIds(rows.map((row) => row.podcastId));
  const byId = new Map(shows.map((show: PodcastRecord) => [show.id, show]));
  return {
    plan: entitlement?.plan ?? null,
    items: rows.flatMap((row) => {
      const show = byId.get(row.podcastId);
      const view = privateFeedView(deps, row, whose === user.id);
      return show ? [{ ...view, show: { uId: show.uId, name: show.name } }] : [];
    }),
  };
}
