import { notFound } from '@podz/kit';
import { etagOf, type RenderedResponse } from '../../cache/response-cache';
import type { PodcastRecord } from '../../data/catalog-models';
import type { PrivateFeedRow } from '../../data/private-feed-store';
import { renderGoneFeed } from '../../rss/render-feed';
import type { CatalogDeps } from '../catalog-deps';
import { AUDIO_KEY_MARK, FEED_TOKEN_MARK, membersFeedTemplate } from './show-feed';
import { hearsPremium } from '@podz/read-models';
import { showPremium, teamOf } from './premium-rules';

export type PrivateFeedAnswer =
  | { status: 200; body: string; etag: string; lastModified: Date; feed: PrivateFeedRow; uId: string }
  | { status: 410; body: string };

const END_REASONS: Record<string, string> = {
  cancelled: 'Your membership was cancelled and its paid period is over.',
  declined: 'Your membership ended: its renewal payments were declined.',
  withdrawn: 'Your membership ended: the plan is no longer offered.',
};

/**
 * Why a member's feed stopped, in the words its 410 item uses; null while it works. A show that
 * stopped naming plans keeps its feeds working, with its public episodes.
 */
async function feedRefusal(
  deps: Pick<CatalogDeps, 'grants'>,
  podcast: PodcastRecord,
  feed: PrivateFeedRow,
  now: number,
): Promise<string | null> {
  if (feed.suspendedAt) {
    return 'This private feed was suspended: it was used from more places than one member uses. Ask the show’s team on PODZ to restore it.';
  }
  const { plans } = showPremium(podcast);
  if (plans.length === 0) return null;
  const entitlementOf = (userId: string) => deps.grants.entitlement(userId, now);
  const member = { userId: feed.userId, admin: false };
  if (await hearsPremium(member, { team: teamOf(podcast), plans }, entitlementOf)) return null;
  const ended = (await entitlementOf(feed.userId))?.ended;
  const why = ended
    ? (END_REASONS[ended.reason] ?? 'Your membership ended.')
    : 'Your plan does not include this show.';
  return `${why} Choose a plan on PODZ to hear the members' episodes again.`;
}

/** What rendering a member's private feed asks for. */
export type PrivateFeedPorts = Pick<
  CatalogDeps,
  | 'background'
  | 'config'
  | 'episodes'
  | 'grants'
  | 'lists'
  | 'logger'
  | 'membersFeeds'
  | 'podcasts'
  | 'responses'
  | 'tokens'
>;

/**
 * `GET /feeds/{token}/feed.xml`: a member's private feed. The token is looked up by its hash and
 * the member's plan by key (each kept a second per instance: `PremiumGrants`); the show's members'
 * feed is rendered once per change for all members (the response cache, and a second in this
 * process) and each member's token and audio key are put in. A member whose plan no longer
 * unlocks the show gets `410 Gone` with one item saying why.
 */
export async function privateFeed(
  deps: PrivateFeedPorts,
  token: string,
  now = Date.now(),
): Promise<PrivateFeedAnswer> {
  const feed = await deps.grants.link(deps.tokens.hashOf(token), now);
  if (!feed) throw notFound('Feed');
  const podcast = await deps.podcasts.findById(feed.podcastId);
  if (!podcast || podcast.status !== 'published') throw notFound('Feed');
  const refusal = await feedRefusal(deps, podcast, feed, now);
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

function membersTemplate(
  deps: Pick<
    CatalogDeps,
    'background' | 'config' | 'episodes' | 'lists' | 'logger' | 'membersFeeds' | 'podcasts' | 'responses'
  >,
  podcast: PodcastRecord,
  now: number,
): Promise<RenderedResponse> {
  const key = `members-feed:${podcast.id}`;
  const render = async (): Promise<RenderedResponse> => {
    const rendered = await membersFeedTemplate(deps, podcast);
    return {
      body: rendered.xml,
      type: 'application/rss+xml; charset=utf-8',
      etag: etagOf(rendered.xml),
      lastModified: rendered.lastModified,
    };
  };
  const warn = (err: unknown, message: string) => deps.logger.warn({ err }, message);
  return deps.membersFeeds.get(key, () => deps.responses.through(key, render, warn), now);
}
