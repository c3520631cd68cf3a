import { z } from 'zod';
import { AD_POSITIONS, CAMPAIGN_KINDS } from '../ads/campaign-api';
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
