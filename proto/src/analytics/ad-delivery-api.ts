import { z } from 'zod';
import { AD_POSITIONS, CAMPAIGN_KINDS } from '../ads/campaign-api';
import { categorySchema } from '../categories';
import { objectIdSchema } from '../ids';
import { ANALYTICS_INTERVALS } from './listen-api';

/**
 * Ads delivered (docs/ads.md): a creative in a listener's file counts once every byte of it
 * reached that listener, after the download filters, once per listener, episode, break and UTC
 * day. Client-confirmed plays are a metric of their own and never added in.
 */
export const AD_DELIVERY_METHOD = {
  guidelines: 'IAB Tech Lab Podcast Measurement Technical Guidelines v2.3, dynamically inserted ads',
  delivered: 'every byte of the creative in the listener’s file was sent',
  window: 'UTC calendar day',
  filters: 'bots, players’ probes, HEAD, Apple Watch, failed and empty responses',
} as const;

/** How long an advertiser's report link lasts, in days: a week by default. */
export const REPORT_LINK_DAYS = { default: 7, max: 90 } as const;

const count = z.number().int().min(0);
const named = z.object({ name: z.string(), deliveries: count });
const playCounts = z.object({ start: count, q1: count, q2: count, q3: count, complete: count });

export const campaignDeliveriesSchema = z.object({
  campaign: z.object({
    id: objectIdSchema,
    name: z.string(),
    advertiser: z.string(),
    kind: z.enum(CAMPAIGN_KINDS),
    impressionGoal: z.number().int().nullable(),
    cpmCents: z.number().int(),
    flight: z.object({ startsAt: z.string(), endsAt: z.string() }),
  }),
  range: z.object({ from: z.string(), to: z.string(), interval: z.enum(ANALYTICS_INTERVALS) }),
  deliveries: z.object({
    total: count,
    points: z.array(z.object({ period: z.string(), deliveries: count })),
  }),
  listeners: z.object({
    interval: z.enum(['day', 'month']),
    points: z.array(z.object({ period: z.string(), listeners: count })),
  }),
  /** Delivered since the campaign began, against its goal and where even delivery would be now. */
  pace: z.object({
    delivered: count,
    goal: count.nullable(),
    /** The goal times the share of the flight gone by (null without a goal). */
    expected: count.nullable(),
  }),
  shows: z.array(named.extend({ id: objectIdSchema })),
  episodes: z.array(named.extend({ id: objectIdSchema })),
  creatives: z.array(named.extend({ id: objectIdSchema })),
  positions: z.array(z.object({ name: z.enum(AD_POSITIONS), deliveries: count })),
  countries: z.array(named),
  apps: z.array(named),
  platforms: z.array(named),
  /** Deliveries per UTC hour of day, 24 numbers from 00:00. */
  hours: z.array(count).length(24),
  /**
   * Client-confirmed plays of the campaign's creatives in PODZ's own players over the range, by
   * event: a metric of its own, never added to the deliveries (most listening is in other apps).
   */
  plays: z.object({
    totals: playCounts,
    creatives: z.array(playCounts.extend({ id: objectIdSchema, name: z.string() })),
  }),
  method: z.object({
    guidelines: z.string(),
    delivered: z.string(),
    window: z.string(),
    filters: z.string(),
  }),
});
export type CampaignDeliveries = z.infer<typeof campaignDeliveriesSchema>;

/** `POST /api/analytics/campaigns/{id}/report-link`: a read-only link for the advertiser. */
export const reportLinkBodySchema = z.strictObject({
  days: z
    .number({ error: 'days must be a number' })
    .int({ error: 'days must be a whole number' })
    .min(1, { error: 'a link lasts at least a day' })
    .max(REPORT_LINK_DAYS.max, { error: `a link lasts at most ${REPORT_LINK_DAYS.max} days` })
    .default(REPORT_LINK_DAYS.default),
});
export const reportLinkSchema = z.object({
  /** The report page on the site, signed: anyone with it reads the report until it expires. */
  url: z.string(),
  expiresAt: z.string(),
});
export type ReportLink = z.infer<typeof reportLinkSchema>;

/** A report link's token: the campaign, the moment it expires, the signature. */
export const reportTokenParamsSchema = z.object({
  token: z
    .string()
    .max(200)
    .regex(/^[0-9a-f]{24}\.\d{1,15}\.[A-Za-z0-9_-]{43}$/, { error: 'not a report link' }),
});

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `GET /api/analytics/shows/{id}/statement?month=YYYY-MM` (the show's owner, admins): this month by default. */
export const showStatementQuerySchema = z.object({
  month: z.string().regex(MONTH, { error: 'a month is YYYY-MM' }).optional(),
});
export type ShowStatementQuery = z.infer<typeof showStatementQuerySchema>;

/**
 * A show's monthly statement: what the ads delivered in its episodes earned, campaign by campaign
 * (deliveries × CPM), and the owner's share of it, in cents.
 */
export const showStatementSchema = z.object({
  show: z.object({ id: objectIdSchema, name: z.string(), uId: z.string() }),
  month: z.string(),
  ownerSharePercent: z.number().int(),
  campaigns: z.array(
    z.object({
      id: objectIdSchema,
      name: z.string(),
      advertiser: z.string(),
      deliveries: count,
      cpmCents: z.number().int(),
      grossCents: count,
    }),
  ),
  deliveries: count,
  grossCents: count,
  ownerCents: count,
});
export type ShowStatement = z.infer<typeof showStatementSchema>;

/**
 * `GET /api/analytics/audience` (anyone: the `/advertise` page): the network's audience as an
 * advertiser weighs it. Downloads over the last 30 days, unique listeners this month so far and
 * last month, and where and how they listen (the top countries and apps, as shares of downloads).
 */
export const networkAudienceSchema = z.object({
  from: z.string(),
  to: z.string(),
  downloads: count,
  listeners: z.object({
    thisMonth: z.object({ month: z.string(), listeners: count }),
    lastMonth: z.object({ month: z.string(), listeners: count }),
  }),
  countries: z.array(z.object({ name: z.string(), share: z.number() })),
  apps: z.array(z.object({ name: z.string(), share: z.number() })),
});
export type NetworkAudience = z.infer<typeof networkAudienceSchema>;

/**
 * `GET /api/analytics/inventory?from&to&showId|category|country` (editors, admins): what a show, a
 * category, a country or the whole network can still sell between two UTC days, from the last
 * 28 days' downloads. At most one of the three; none is the network.
 */
export const inventoryQuerySchema = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a day is YYYY-MM-DD' }),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a day is YYYY-MM-DD' }),
    showId: objectIdSchema.optional(),
    category: categorySchema.optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: 'a country is a two-letter ISO code (GB)' })
      .optional(),
  })
  .refine((query) => query.from <= query.to, { error: 'from must not come after to', path: ['from'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < 366, {
    error: 'a forecast is at most 366 days',
    path: ['to'],
  })
  .refine((query) => [query.showId, query.category, query.country].filter(Boolean).length <= 1, {
    error: 'forecast a show, a category or a country, one at a time',
    path: ['showId'],
  });
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;

export const inventoryForecastSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: count,
  /** What it is forecast from: the mean downloads a day over the last 28 days. */
  basis: z.object({ from: z.string(), to: z.string(), downloadsPerDay: z.number() }),
  /** Breaks a download carries by the network's rule. */
  breaksPerDownload: count,
  /** Impressions the dates hold: downloads a day × days × breaks. */
  capacity: count,
  /** What live campaigns that may fill them have left to deliver over those days. */
  booked: count,
  available: count,
});
export type InventoryForecast = z.infer<typeof inventoryForecastSchema>;
