import type { AdPosition, CampaignKind, Category, Targeting } from '@podz/proto';

const DAY_MS = 24 * 3600_000;
/** Who fills a break first: what was sold as a sponsorship, then standard ads, then house promos. */
const RANK: Record<CampaignKind, number> = { sponsorship: 0, standard: 1, promo: 2 };

/** A live campaign as media's decisions read it (from `ads.campaign.v1`). */
export interface LiveCampaign {
  id: string;
  kind: CampaignKind;
  advertiserCategory: string;
  promotesPodcastId: string | null;
  positions: AdPosition[];
  flight: { startsAt: Date; endsAt: Date };
  impressionGoal: number | null;
  targeting: Targeting;
  caps: { perDay: number | null; perWeek: number | null };
  creativeIds: string[];
}

/** What a download says of where and by whom it is heard. */
export interface Listening {
  podcastId: string;
  /** The show's category and the episode's own. */
  categories: Category[];
  /** ISO alpha-2, or null when the address places it nowhere. */
  country: string | null;
  /** As analytics names them (`Apple Podcasts`, `iOS`); null when the user agent says nothing. */
  app: string | null;
  platform: string | null;
  publishedAt: Date;
}

const allows = (list: readonly string[], value: string | null) =>
  list.length === 0 || (value !== null && list.includes(value));

/**
 * Whether a campaign may fill a break of this position in this download: in its flight, for the
 * position, for this listening by every list of its targeting, and not a promo of the show itself.
 */
export function eligible(
  campaign: LiveCampaign,
  listening: Listening,
  position: AdPosition,
  now: Date,
): boolean {
  const { targeting } = campaign;
  const ageDays = (now.getTime() - listening.publishedAt.getTime()) / DAY_MS;
  return (
    campaign.flight.startsAt <= now &&
    now < campaign.flight.endsAt &&
    campaign.creativeIds.length > 0 &&
    campaign.positions.includes(position) &&
    campaign.promotesPodcastId !== listening.podcastId &&
    allows(targeting.showIds, listening.podcastId) &&
    (targeting.categories.length === 0 ||
      listening.categories.some((one) => targeting.categories.includes(one))) &&
    allows(targeting.countries, listening.country) &&
    allows(targeting.apps, listening.app) &&
    allows(targeting.platforms, listening.platform) &&
    (targeting.episodeMaxAgeDays === null || ageDays <= targeting.episodeMaxAgeDays)
  );
}

/**
 * How many impressions a campaign should still be decided into today (UTC) for even delivery:
 * what is left of its goal spread over its days left, today included, so a slow day is caught up
 * over the days after it rather than all at once. Unbounded for a promo (no goal).
 */
export function todaysTarget(
  campaign: Pick<LiveCampaign, 'impressionGoal' | 'flight'>,
  servedBeforeToday: number,
  now: Date,
): number {
  if (campaign.impressionGoal === null) return Number.POSITIVE_INFINITY;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysLeft = Math.max(1, Math.ceil((campaign.flight.endsAt.getTime() - today) / DAY_MS));
  return Math.max(0, Math.ceil((campaign.impressionGoal - servedBeforeToday) / daysLeft));
}

/**
 * The order candidates are offered a break in: by kind (sponsorship, standard, promo), then the one
 * furthest behind today's target first, then by a hash of the listener and the campaign, so two
 * equal campaigns share listeners evenly and one listener's order is the same on every instance.
 */
export function offerOrder<T extends { campaign: LiveCampaign; behind: number }>(
  candidates: readonly T[],
  listener: string,
): T[] {
  return [...candidates].sort(
    (a, b) =>
      RANK[a.campaign.kind] - RANK[b.campaign.kind] ||
      b.behind - a.behind ||
      spread(listener, a.campaign.id) - spread(listener, b.campaign.id) ||
      a.campaign.id.localeCompare(b.campaign.id),
  );
}

/** FNV-1a of the two ids: a stable, evenly spread number per listener and campaign. */
function spread(listener: string, campaignId: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${listener}:${campaignId}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
