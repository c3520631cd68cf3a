import { notFound, type AuthUser } from '@podz/kit';
import {
  PLAY_EVENTS,
  type AnalyticsRangeQuery,
  type PlayBeacon,
  type PlayEvent,
  type ShowPlays,
} from '@podz/proto';
import { noPlays, type PlayCountsStore } from '../data/play-counts';
import type { AnalyticsDeps } from './analytics-deps';
import { listenRange, periodOf } from './listen-range';
import { readableShow } from './show-access';

export type PlaysDeps = Pick<AnalyticsDeps, 'directory' | 'campaigns' | 'now'> & { plays: PlayCountsStore };

/**
 * `POST /api/analytics/plays`: one event of a play in PODZ's own player, counted once per play
 * under the episode's show on the day it came; or, with `ad`, of a creative in that play's file,
 * under its campaign. An episode, campaign or creative analytics does not know is a 404 (so no
 * one fills Redis with made-up ids).
 */
export async function recordPlay(deps: PlaysDeps, beacon: PlayBeacon): Promise<void> {
  const episode = await deps.directory.episode(beacon.episodeId);
  if (!episode) throw notFound('Episode');
  const day = deps.now().toISOString().slice(0, 10);
  const { ad } = beacon;
  if (ad) {
    const campaign = await deps.campaigns.get(ad.campaignId);
    if (!campaign?.creativeIds.includes(ad.creativeId)) throw notFound('Campaign creative');
    await deps.plays.countAd({
      playId: beacon.playId,
      event: beacon.event,
      day,
      campaign: ad.campaignId,
      creative: ad.creativeId,
      position: ad.position,
    });
    return;
  }
  await deps.plays.count({
    playId: beacon.playId,
    event: beacon.event,
    day,
    episode: episode.id,
    show: episode.showId,
    player: beacon.player,
  });
}

/** `GET /api/analytics/shows/{id}/plays`: a show's confirmed plays by period, for whoever reads its figures. */
export async function showPlays(
  deps: PlaysDeps,
  user: AuthUser,
  showId: string,
  query: AnalyticsRangeQuery,
): Promise<ShowPlays> {
  await readableShow(deps, user, showId);
  const range = listenRange(query, deps.now());
  const daily = await deps.plays.showDays(showId, range.days);
  const points: (Record<PlayEvent, number> & { period: string })[] = [];
  const totals = noPlays();
  const players = { site: 0, embed: 0 };
  range.days.forEach((day, index) => {
    const counts = daily[index];
    if (!counts) return;
    const period = periodOf(day, range.interval);
    let point = points.at(-1);
    if (point?.period !== period) {
      point = { period, ...noPlays() };
      points.push(point);
    }
    for (const event of PLAY_EVENTS) {
      point[event] += counts[event];
      totals[event] += counts[event];
    }
    players.site += counts.players.site;
    players.embed += counts.players.embed;
  });
  return { range: { from: range.from, to: range.to, interval: range.interval }, points, totals, players };
}
