import { z } from 'zod';
import { categorySchema } from '../categories';
import { objectIdSchema } from '../ids';
import { paginatedSchema, paginationQuerySchema } from '../pagination';

/** Who outranks whom for a break: a sponsorship first, then standard ads, then the network's own promos. */
export const CAMPAIGN_KINDS = ['sponsorship', 'standard', 'promo'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

/** A draft is being set up; a live campaign is decided into downloads during its flight; paused is held. */
export const CAMPAIGN_STATUSES = ['draft', 'live', 'paused'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const AD_POSITIONS = ['pre', 'mid', 'post'] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];

export const ADS_LIMITS = {
  nameMax: 120,
  creativesMax: 5,
  showsMax: 500,
  listMax: 100,
  /** A cap per listener: at most this many times a day or week. */
  capMax: 100,
  impressionsMax: 1_000_000_000,
  /** CPM in cents: up to $10,000 per thousand. */
  cpmCentsMax: 1_000_000,
  /** How far over its goal a campaign may deliver (the pacing's tolerance). */
  overDelivery: 0.02,
  campaignsPageSize: 20,
} as const;

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, { error: `${name} cannot be empty` })
    .max(max, { error: `${name} has at most ${max} characters` });

const names = (name: string) =>
  z.array(text(name, 60)).max(ADS_LIMITS.listMax, { error: `at most ${ADS_LIMITS.listMax} ${name}s` });

const cap = z
  .number({ error: 'a cap is a number of times' })
  .int({ error: 'a cap is a whole number' })
  .min(1, { error: 'a cap is at least 1' })
  .max(ADS_LIMITS.capMax, { error: `a cap is at most ${ADS_LIMITS.capMax}` })
  .nullable();

/** Who hears it: each list empty means anyone; every non-empty list must match. */
export const targetingSchema = z.strictObject({
  showIds: z
    .array(objectIdSchema)
    .max(ADS_LIMITS.showsMax, { error: `at most ${ADS_LIMITS.showsMax} shows` }),
  categories: z.array(categorySchema).max(20),
  /** ISO 3166-1 alpha-2 codes, as analytics counts countries. */
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, { error: 'a country is a two-letter ISO code (GB)' }))
    .max(ADS_LIMITS.listMax, { error: `at most ${ADS_LIMITS.listMax} countries` }),
  /** App names as analytics counts them (Apple Podcasts, Spotify, PODZ web). */
  apps: names('app'),
  /** Operating systems as analytics counts them (iOS, Android, Windows). */
  platforms: names('platform'),
  /** Only episodes at most this many days old (null: any age). */
  episodeMaxAgeDays: z.number().int().min(0).max(36_500).nullable(),
});
export type Targeting = z.infer<typeof targetingSchema>;

const flightSchema = z
  .strictObject({
    startsAt: z.iso.datetime({ offset: true, error: 'startsAt must be an ISO date-time' }),
    endsAt: z.iso.datetime({ offset: true, error: 'endsAt must be an ISO date-time' }),
  })
  .refine((flight) => Date.parse(flight.endsAt) > Date.parse(flight.startsAt), {
    error: 'the flight ends after it starts',
    path: ['endsAt'],
  });

const creativeRefSchema = z.strictObject({
  /** Audio uploaded with `POST /api/media/creatives`. */
  uploadId: objectIdSchema,
  name: text('a creative’s name', ADS_LIMITS.nameMax),
});

const campaignFields = {
  name: text('name', ADS_LIMITS.nameMax),
  advertiser: text('advertiser', ADS_LIMITS.nameMax),
  /** Two campaigns of one category are never in the same file (competitive separation). */
  advertiserCategory: text('advertiserCategory', 60).transform((value) => value.toLowerCase()),
  kind: z.enum(CAMPAIGN_KINDS, { error: `kind must be one of ${CAMPAIGN_KINDS.join(', ')}` }),
  /** A house promo's show, whose episodes it never plays in. */
  promotesPodcastId: objectIdSchema.nullable(),
  positions: z
    .array(z.enum(AD_POSITIONS, { error: `a position is one of ${AD_POSITIONS.join(', ')}` }))
    .min(1, { error: 'at least one position' })
    .max(3)
    .transform((positions) => [...new Set(positions)]),
  flight: flightSchema,
  /** Impressions to deliver over the flight; null for a promo, which fills what is left. */
  impressionGoal: z
    .number({ error: 'impressionGoal must be a number' })
    .int({ error: 'impressionGoal must be a whole number' })
    .min(1)
    .max(ADS_LIMITS.impressionsMax)
    .nullable(),
  /** Price per thousand impressions, in cents. */
  cpmCents: z
    .number()
    .int({ error: 'cpmCents must be a whole number of cents' })
    .min(0)
    .max(ADS_LIMITS.cpmCentsMax),
  targeting: targetingSchema,
  caps: z.strictObject({ perDay: cap, perWeek: cap }),
  creatives: z
    .array(creativeRefSchema)
    .max(ADS_LIMITS.creativesMax, { error: `at most ${ADS_LIMITS.creativesMax} creatives` }),
};

/** `POST /api/ads/campaigns` (editors, admins): created as a draft. */
export const createCampaignBodySchema = z.strictObject(campaignFields);
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;

/** `PUT /api/ads/campaigns/{id}`: any field, and `status` (live needs a creative and a goal unless a promo). */
export const updateCampaignBodySchema = createCampaignBodySchema.partial().extend({
  status: z
    .enum(CAMPAIGN_STATUSES, { error: `status must be one of ${CAMPAIGN_STATUSES.join(', ')}` })
    .optional(),
});
export type UpdateCampaignBody = z.infer<typeof updateCampaignBodySchema>;

/** A creative as the console shows it: its upload's audio, as the pipeline made it. */
export const creativeSchema = z.object({
  uploadId: objectIdSchema,
  name: z.string(),
  /** Its audio (the house-format rendition once made), for the preview player. */
  url: z.string(),
  durationSeconds: z.number(),
});

/** What a campaign is, as the console shows it and its events tell it. */
export const campaignFieldsSchema = z.object({
  name: z.string(),
  advertiser: z.string(),
  advertiserCategory: z.string(),
  kind: z.enum(CAMPAIGN_KINDS),
  promotesPodcastId: objectIdSchema.nullable(),
  positions: z.array(z.enum(AD_POSITIONS)),
  flight: z.object({ startsAt: z.string(), endsAt: z.string() }),
  impressionGoal: z.number().int().nullable(),
  cpmCents: z.number().int(),
  targeting: targetingSchema,
  caps: z.object({ perDay: z.number().int().nullable(), perWeek: z.number().int().nullable() }),
  status: z.enum(CAMPAIGN_STATUSES),
});

export const campaignSchema = campaignFieldsSchema.extend({
  id: objectIdSchema,
  creatives: z.array(creativeSchema),
  createdBy: objectIdSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListQuerySchema = paginationQuerySchema(ADS_LIMITS.campaignsPageSize);
export const campaignPageSchema = paginatedSchema(campaignSchema);
