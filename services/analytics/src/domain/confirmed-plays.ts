import { notFound, type AuthUser } from '@podz/kit';
import {
  PLAY_EVENTS,
  type AnalyticsRangeQuery,
  type PlayBeacon,
  type PlayEvent,
  type ShowPlays,
} from '@podz/proto';
import type { PlayCountsStore } from '../data/play-counts';
import type { AnalyticsDeps } from './analytics-deps';
import { listenRange, periodOf } from './listen-range';
import { readableShow } from './show-access';

export type PlaysDeps = Pick<AnalyticsDeps, 'directory' | 'now'> & { plays: PlayCountsStore };

/**
 * `POST /api/analytics/plays`: one event of a play in PODZ's own player, counted once per play
 * under the episode's show on the day it came. An episode analytics does not know is a 404 (so no
 * one fills Redis with made-up ids).
 */
export async function recordPlay(deps: PlaysDeps, beacon: PlayBeacon): Promise<void> {
  const episode = await deps.directory.episode(beacon.episodeId);
  if (!episode) throw notFound('Episode');
  await deps.plays.count({
    playId: beacon.playId,
    event: beacon.event,
    day: deps.now().toISOString().slice(0, 10),
    episode: episode.id,
    show: episode.showId,
    player: beacon.player,
  });
}

const zero = (): Record<PlayEvent, number> =>
  Object.fromEntries(PLAY_EVENTS.map((event) => [event, 0])) as Record<PlayEvent, number>;

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
  const totals = zero();
  const players = { site: 0, embed: 0 };
  range.days.forEach((day, index) => {
    const counts = daily[index];
    if (!counts) return;
    const period = periodOf(day, range.interval);
    let point = points.at(-1);
    if (point?.period !== period) {
      point = { period, ...zero() };
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
