import { z } from 'zod';

/**
 * What the analytics service counts per day from the domain events: sign-ups (identity), episodes
 * published (catalog; each episode once, on the day it went out), follows (catalog) and messages
 * sent (messaging).
 */
export const STAT_METRICS = ['signups', 'episodes', 'follows', 'messages'] as const;
export type StatMetric = (typeof STAT_METRICS)[number];

export const STATS_DAYS_MAX = 90;

/** `GET /api/stats/daily?days` (admins): the last `days` days, today (UTC) last. */
export const dailyStatsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int()
    .min(1, { error: 'days is at least 1' })
    .max(STATS_DAYS_MAX, { error: `days is at most ${STATS_DAYS_MAX}` })
    .default(30),
});

const perMetric = z.object({
  signups: z.array(z.number().int()),
  episodes: z.array(z.number().int()),
  follows: z.array(z.number().int()),
  messages: z.array(z.number().int()),
});

export const dailyStatsSchema = z.object({
  /** `YYYY-MM-DD`, oldest first. */
  days: z.array(z.string()),
  /** One count per day, in the order of `days`. */
  series: perMetric,
  /** Every count since the first event, per metric. */
  totals: z.object({
    signups: z.number().int(),
    episodes: z.number().int(),
    follows: z.number().int(),
    messages: z.number().int(),
  }),
});
export type DailyStats = z.infer<typeof dailyStatsSchema>;
