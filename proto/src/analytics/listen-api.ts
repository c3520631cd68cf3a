import { z } from 'zod';
import { objectIdSchema } from '../ids';

/**
 * The download figures (docs/analytics.md): downloads by the IAB v2.3 rules, unique listeners,
 * apps, devices, operating systems, countries, hour of day, the episodes' first 7 and 30 days,
 * and feed followers. Days are UTC calendar days, `YYYY-MM-DD`.
 */

/** The longest range one request may ask for. */
export const ANALYTICS_RANGE_DAYS_MAX = 366;
/** Up to this many days, unique listeners come per day; beyond, per month. */
export const LISTENERS_DAILY_DAYS_MAX = 92;
export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/** The dedupe window PODZ applies, shown with every figure. */
export const ANALYTICS_METHOD = {
  guidelines: 'IAB Tech Lab Podcast Measurement Technical Guidelines v2.3',
  window: 'UTC calendar day',
  threshold: 'the ID3 header plus 60 seconds of audio, or the whole file when shorter',
  listenerError: 'unique listeners are estimated with HyperLogLog, standard error 0.81 %',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = z
  .string()
  .regex(DAY, { error: 'a day is YYYY-MM-DD' })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: 'not a calendar day',
    },
  );

const rangeFields = {
  from: daySchema.optional(),
  to: daySchema.optional(),
  interval: z.enum(ANALYTICS_INTERVALS, { error: 'interval is day, week or month' }).default('day'),
};

function withRangeRules<T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(
  schema: T,
) {
  return schema
    .refine((query) => !query.from || !query.to || query.from <= query.to, {
      error: 'from must not come after to',
      path: ['from'],
    })
    .refine(
      (query) =>
        !query.from ||
        !query.to ||
        (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1 <= ANALYTICS_RANGE_DAYS_MAX,
      { error: `a range is at most ${ANALYTICS_RANGE_DAYS_MAX} days`, path: ['to'] },
    );
}

/** `?from&to&interval`: both days included; by default the last 30 days, by day. */
export const analyticsRangeQuerySchema = withRangeRules(z.object(rangeFields));
/**
 * A show's figures take `?premium=true` too: only its premium audio heard by members (through
 * their private feeds or in the browser); the feed followers stay the whole show's.
 */
export const showAnalyticsQuerySchema = withRangeRules(
  z.object({
    ...rangeFields,
    premium: z
      .enum(['true', 'false'], { error: 'premium must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
  }),
);
export type ShowAnalyticsQuery = z.infer<typeof showAnalyticsQuerySchema>;
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

const count = z.number().int().min(0);
const namedCount = z.object({ name: z.string(), downloads: count });
const point = z.object({ period: z.string(), downloads: count });
const listenersPoint = z.object({ period: z.string(), listeners: count });

const breakdownSchema = z.object({
  apps: z.array(namedCount),
  devices: z.array(namedCount),
  os: z.array(namedCount),
  countries: z.array(namedCount),
  /** Downloads per UTC hour of day, 24 numbers from 00:00. */
  hours: z.array(count).length(24),
});

const rangeSchema = z.object({ from: z.string(), to: z.string(), interval: z.enum(ANALYTICS_INTERVALS) });

const figuresSchema = breakdownSchema.extend({
  range: rangeSchema,
  downloads: z.object({ total: count, points: z.array(point) }),
  listeners: z.object({ interval: z.enum(['day', 'month']), points: z.array(listenersPoint) }),
  allTime: count,
});

export const showAnalyticsSchema = figuresSchema.extend({
  show: z.object({ id: objectIdSchema, name: z.string(), uId: z.string() }),
  /** Distinct feed fetchers per day, plus the subscribers aggregators report in their user agent. */
  feedFollowers: z.object({
    points: z.array(z.object({ period: z.string(), fetchers: count, aggregatorSubscribers: count })),
    /** The last day's estimate: fetchers plus aggregators' subscribers. */
    latest: count,
  }),
});
export type ShowAnalytics = z.infer<typeof showAnalyticsSchema>;

export const episodeAnalyticsSchema = figuresSchema.extend({
  episode: z.object({
    id: objectIdSchema,
    title: z.string(),
    showId: objectIdSchema,
    publishedAt: z.string().nullable(),
  }),
});
export type EpisodeAnalytics = z.infer<typeof episodeAnalyticsSchema>;

/** One row of a show's episodes table: what podcasters compare episodes by. */
export const episodeDownloadsSchema = z.object({
  id: objectIdSchema,
  title: z.string(),
  publishedAt: z.string().nullable(),
  first7Days: count,
  first30Days: count,
  allTime: count,
});
export const showEpisodesAnalyticsSchema = z.object({ episodes: z.array(episodeDownloadsSchema) });
export type ShowEpisodesAnalytics = z.infer<typeof showEpisodesAnalyticsSchema>;

/** The admins' dashboard: the network's downloads and this month's top shows and episodes. */
export const networkAnalyticsSchema = z.object({
  range: rangeSchema,
  downloads: z.object({ total: count, points: z.array(point) }),
  listeners: z.object({ interval: z.enum(['day', 'month']), points: z.array(listenersPoint) }),
  allTime: count,
  month: z.string(),
  topShows: z.array(z.object({ id: objectIdSchema, name: z.string(), downloads: count })),
  topEpisodes: z.array(
    z.object({ id: objectIdSchema, title: z.string(), showId: objectIdSchema, downloads: count }),
  ),
});
export type NetworkAnalytics = z.infer<typeof networkAnalyticsSchema>;

export const ANALYTICS_CSV_TABLES = ['downloads', 'episodes', 'apps', 'devices', 'os', 'countries'] as const;
export const analyticsCsvQuerySchema = z
  .object({
    table: z
      .enum(ANALYTICS_CSV_TABLES, { error: `table is one of ${ANALYTICS_CSV_TABLES.join(', ')}` })
      .default('downloads'),
  })
  .and(analyticsRangeQuerySchema);

export const showIdParamsSchema = z.object({ id: objectIdSchema });
