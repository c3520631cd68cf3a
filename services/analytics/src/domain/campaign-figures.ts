import { notFound } from '@podz/kit';
import {
  AD_DELIVERY_METHOD,
  AD_POSITIONS,
  ANALYTICS_RANGE_DAYS_MAX,
  type AnalyticsRangeQuery,
  type CampaignDeliveries,
} from '@podz/proto';
import type { CampaignEntry } from '../data/campaign-directory';
import type { PlayCountsStore } from '../data/play-counts';
import type { AnalyticsDeps } from './analytics-deps';
import { listenRange } from './listen-range';
import { hoursOf, ranked, readRollup } from './read-figures';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Ads delivered are read as the campaign's, by the ranges downloads are. */
export type CampaignFiguresDeps = Pick<AnalyticsDeps, 'rollups' | 'directory' | 'campaigns' | 'now'> & {
  plays: Pick<PlayCountsStore, 'campaignDays'>;
};

/**
 * A campaign's deliveries over a range (by default its flight so far): by day, show, episode,
 * creative, position, country, app and platform, its unique listeners, and its pace: delivered
 * since it began against its goal and against even delivery over the flight. Beside them, apart,
 * its creatives' plays confirmed by PODZ's own players.
 */
export async function campaignFigures(
  deps: CampaignFiguresDeps,
  campaignId: string,
  query: AnalyticsRangeQuery,
): Promise<CampaignDeliveries> {
  const campaign = await deps.campaigns.get(campaignId);
  if (!campaign) throw notFound('Campaign');
  const now = deps.now();
  const range = listenRange(flightRange(campaign, query, now), now);
  const [{ sums, total, points, listeners, allTime }, plays] = await Promise.all([
    readRollup(deps.rollups, `ad:${campaignId}`, range),
    deps.plays.campaignDays(campaignId, range.days),
  ]);
  const topShows = ranked(sums, 's:');
  const topEpisodes = ranked(sums, 'e:');
  const [showNames, episodes] = await Promise.all([
    deps.directory.names(topShows.map((row) => row.name)),
    deps.directory.episodes(topEpisodes.map((row) => row.name)),
  ]);
  const titles = new Map(episodes.map((episode) => [episode.id, episode.title]));
  const named = (prefix: string) =>
    ranked(sums, prefix).map(({ name, downloads }) => ({ name, deliveries: downloads }));
  const creativeOrder = new Map(campaign.creativeIds.map((id, index) => [id, index + 1]));
  return {
    campaign: campaignView(campaign),
    range: { from: range.from, to: range.to, interval: range.interval },
    deliveries: { total, points: points.map(({ period, downloads }) => ({ period, deliveries: downloads })) },
    listeners,
    pace: { delivered: allTime, goal: campaign.impressionGoal, expected: expectedByNow(campaign, now) },
    shows: topShows.map(({ name: id, downloads }) => ({
      id,
      name: showNames.get(id) ?? 'Deleted show',
      deliveries: downloads,
    })),
    episodes: topEpisodes.map(({ name: id, downloads }) => ({
      id,
      name: titles.get(id) ?? 'Deleted episode',
      deliveries: downloads,
    })),
    creatives: ranked(sums, 'k:').map(({ name: id, downloads }) => ({
      id,
      name: `Creative ${creativeOrder.get(id) ?? '(removed)'}`,
      deliveries: downloads,
    })),
    positions: AD_POSITIONS.map((name) => ({ name, deliveries: sums.get(`p:${name}`) ?? 0 })),
    countries: named('c:').map((row) => ({ ...row, name: row.name === '??' ? 'Unknown' : row.name })),
    apps: named('a:'),
    platforms: named('o:'),
    hours: hoursOf(sums),
    plays: {
      totals: plays.totals,
      creatives: [...plays.creatives]
        .map(([id, counts]) => ({ id, name: `Creative ${creativeOrder.get(id) ?? '(removed)'}`, ...counts }))
        .sort((a, b) => b.start - a.start || a.name.localeCompare(b.name)),
    },
    method: AD_DELIVERY_METHOD,
  };
}

/** The range asked for, or the flight up to today (its last year at most). */
function flightRange(campaign: CampaignEntry, query: AnalyticsRangeQuery, now: Date): AnalyticsRangeQuery {
  if (query.from || query.to) return query;
  const last = Math.min(Date.parse(campaign.flight.endsAt) - 1, now.getTime());
  const first = Math.max(
    Date.parse(campaign.flight.startsAt),
    last - (ANALYTICS_RANGE_DAYS_MAX - 1) * DAY_MS,
  );
  return first <= last ? { ...query, from: dayOf(first), to: dayOf(last) } : query;
}

/** Where even delivery of the goal over the flight would be at `now`. */
function expectedByNow(campaign: CampaignEntry, now: Date): number | null {
  if (campaign.impressionGoal === null) return null;
  const start = Date.parse(campaign.flight.startsAt);
  const span = Date.parse(campaign.flight.endsAt) - start;
  const share = Math.min(1, Math.max(0, (now.getTime() - start) / span));
  return Math.round(campaign.impressionGoal * share);
}

const campaignView = ({ creativeIds: _creatives, ...view }: CampaignEntry): CampaignDeliveries['campaign'] =>
  view;
