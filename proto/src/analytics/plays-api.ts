import { z } from 'zod';
import { AD_POSITIONS } from '../ads/campaign-api';
import { objectIdSchema } from '../ids';
import { ANALYTICS_INTERVALS } from './listen-api';

/**
 * Client-confirmed plays: what PODZ's own players (the site's and the embed) say a listener heard,
 * a metric of its own beside downloads and deliveries, never added to them. A play reports its
 * start, each quarter of the episode reached, and its end, each once; and of each creative joined
 * into its file (`GET /media/inserted/{file}`), the same of the creative's own span.
 */
export const PLAY_EVENTS = ['start', 'q1', 'q2', 'q3', 'complete'] as const;
export type PlayEvent = (typeof PLAY_EVENTS)[number];
export const PLAYERS = ['site', 'embed'] as const;

/** `POST /api/analytics/plays` (anyone: a `sendBeacon` from the player), answered 204. */
export const playBeaconBodySchema = z.strictObject({
  episodeId: objectIdSchema,
  /** Random per play, made by the player: a repeat of one event of one play counts once. */
  playId: z.string().regex(/^[A-Za-z0-9_-]{16,40}$/, { error: 'playId is 16 to 40 URL-safe characters' }),
  event: z.enum(PLAY_EVENTS, { error: `event is one of ${PLAY_EVENTS.join(', ')}` }),
  player: z.enum(PLAYERS, { error: `player is one of ${PLAYERS.join(', ')}` }),
  /** Set when the event is of a creative in the play's file, not of the episode. */
  ad: z
    .strictObject({
      campaignId: objectIdSchema,
      creativeId: objectIdSchema,
      position: z.enum(AD_POSITIONS, { error: `position is one of ${AD_POSITIONS.join(', ')}` }),
    })
    .optional(),
});
export type PlayBeacon = z.infer<typeof playBeaconBodySchema>;

const count = z.number().int().min(0);
const eventCounts = z.object({ start: count, q1: count, q2: count, q3: count, complete: count });

/** `GET /api/analytics/shows/{id}/plays?from&to&interval`: the show's confirmed plays by period. */
export const showPlaysSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), interval: z.enum(ANALYTICS_INTERVALS) }),
  points: z.array(eventCounts.extend({ period: z.string() })),
  totals: eventCounts,
  /** Plays started in each player. */
  players: z.object({ site: count, embed: count }),
});
export type ShowPlays = z.infer<typeof showPlaysSchema>;
