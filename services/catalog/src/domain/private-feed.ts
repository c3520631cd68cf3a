import { LruMap, notFound } from '@podz/kit';
import { etagOf, type RenderedResponse } from '../cache/response-cache';
import { planUnlocks, type Entitlement } from '../data/entitlement-book';
import type { PodcastRecord } from '../data/catalog-models';
import type { PrivateFeedRow } from '../data/private-feed-store';
import { renderGoneFeed } from '../rss/render-feed';
import type { CatalogDeps } from './catalog-deps';
import { AUDIO_KEY_MARK, FEED_TOKEN_MARK, membersFeedTemplate } from './show-feed';
import { showPremium } from './premium-rules';

export type PrivateFeedAnswer =
  | { status: 200; body: string; etag: string; lastModified: Date; feed: PrivateFeedRow; uId: string }
  | { status: 410; body: string };

const END_REASONS: Record<string, string> = {
  cancelled: 'Your membership was cancelled and its paid period is over.',
  declined: 'Your membership ended: its renewal payments were declined.',
  withdrawn: 'Your membership ended: the plan is no longer offered.',
};

/** The team of a show hears its premium episodes without a plan. */
export const teamOf = (podcast: PodcastRecord) => [
  podcast.owner.id,
  ...podcast.hosts.filter((host) => host.confirmed).map((host) => host.user.id),
];

/** Why a member's feed stopped, in the words its 410 item uses; null while it works. */
export function feedRefusal(
  podcast: PodcastRecord,
  feed: PrivateFeedRow,
  entitlement: Entitlement | null,
): string | null {
  if (feed.suspendedAt) {
    return 'This private feed was suspended: it was used from more places than one member uses. Ask the show’s team on PODZ to restore it.';
  }
  const { plans } = showPremium(podcast);
  if (plans.length === 0) return null;
  if (teamOf(podcast).includes(feed.userId) || planUnlocks(entitlement, plans)) return null;
  const ended = entitlement?.ended;
  const why = ended
    ? (END_REASONS[ended.reason] ?? 'Your membership ended.')
    : 'Your plan does not include this show.';
  return `${why} Choose a plan on PODZ to hear the members' episodes again.`;
}

/**
 * `GET /feeds/{token}/feed.xml`: a member's private feed. The token is looked up by its hash and
 * the member's plan by key (each kept a second per instance: `PremiumGrants`); the show's members'
 * feed is rendered once per change for all members (the response cache, and a second in this
 * process) and each member's token and audio key are put in. A member whose plan no longer
 * unlocks the show gets `410 Gone` with one item saying why.
 */
export async function privateFeed(
  deps: CatalogDeps,
  token: string,
  now = Date.now(),
): Promise<PrivateFeedAnswer> {
  const feed = await deps.grants.link(deps.tokens.hashOf(token), now);
  if (!feed) throw notFound('Feed');
  const podcast = await deps.podcasts.findById(feed.podcastId);
  if (!podcast || podcast.status !== 'published') throw notFound('Feed');
  const refusal = feedRefusal(podcast, feed, await deps.grants.entitlement(feed.userId, now));
  const origin = deps.config.PUBLIC_ORIGIN.replace(/\/$/, '');
  if (refusal) {
    return {
      status: 410,
      body: renderGoneFeed({
        showName: podcast.name,
        siteUrl: `${origin}/shows/${podcast.uId}`,
        title: 'Your access to the members’ episodes ended',
        reason: refusal,
        link: `${origin}/pricing`,
        at: new Date(now),
      }),
    };
  }
  const template = await membersTemplate(deps, podcast, now);
  const audioKey = deps.tokens.audioKey(feed.feedId, now);
  return {
    status: 200,
    body: template.body.replaceAll(FEED_TOKEN_MARK, token).replaceAll(AUDIO_KEY_MARK, audioKey),
    // The member's bytes differ from the template's only by their token and key (feed id and day).
    etag: `${template.etag.slice(0, -1)}.${audioKey.split('.', 2).join('.')}"`,
    lastModified: template.lastModified ?? podcast.updatedAt,
    feed,
    uId: podcast.uId,
  };
}

/**
 * The members' feeds this process rendered or read, for a second: an app's repeat poll needs the
 * template's ETag, and reading a 300-item feed from Redis for a 304 cost more than the answer.
 * Writes move the response cache's generation; a second here is what the edge allows public feeds.
 */
const TEMPLATE_MS = 1000;
const templates = new LruMap<string, { at: number; entry: Promise<RenderedResponse> }>(1000);

function membersTemplate(deps: CatalogDeps, podcast: PodcastRecord, now: number): Promise<RenderedResponse> {
  const key = `members-feed:${deps.config.MONGO_DB}:${podcast._id.toHexString()}`;
  const known = templates.get(key);
  if (known && now - known.at < TEMPLATE_MS) return known.entry;
  const entry = sharedTemplate(deps, podcast);
  templates.set(key, { at: now, entry });
  entry.catch(() => templates.delete(key));
  return entry;
}

async function sharedTemplate(deps: CatalogDeps, podcast: PodcastRecord): Promise<RenderedResponse> {
  const key = `members-feed:${podcast._id.toHexString()}`;
  const lookup = await deps.responses.read(key).catch((err: unknown) => {
    deps.logger.warn({ err }, 'response cache unreadable; rendering the members’ feed uncached');
    return null;
  });
  if (lookup?.entry) return lookup.entry;
  const rendered = await membersFeedTemplate(deps, podcast);
  const entry: RenderedResponse = {
    body: rendered.xml,
    type: 'application/rss+xml; charset=utf-8',
    etag: etagOf(rendered.xml),
    lastModified: rendered.lastModified,
  };
  if (lookup) {
    deps.responses
      .write(lookup.generation, key, entry)
      .catch((err: unknown) => deps.logger.warn({ err }, 'response cache write failed'));
  }
  return entry;
}
