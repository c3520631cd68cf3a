import { z } from 'zod';
import { objectIdSchema } from '../ids';
import { planSchema } from '../identity/user-fields';
import { userRefSchema } from '../user-ref';

/**
 * Premium listening (docs/payments.md, Premium): a show names the plans that unlock its premium
 * episodes; members on one of them hear those episodes in the browser and through a private feed
 * of their own, whose URL carries a long random token.
 */

/** A bonus episode; a public one heard early by members; an ad-free cut of a public episode. */
export const PREMIUM_KINDS = ['bonus', 'early-access', 'ad-free'] as const;
export type PremiumKind = (typeof PREMIUM_KINDS)[number];

export const PREMIUM_LIMITS = {
  /** Plans one show may name: a pricing page holds at most 20 plans in all. */
  plans: 10,
} as const;

/** A show's premium settings: no plans, nothing is premium. */
export const showPremiumSchema = z.object({
  /** The plans whose members hear the premium episodes (slugs). */
  plans: z.array(z.string()),
  /** Every episode of the show is premium, not only those marked. */
  allEpisodes: z.boolean(),
});
export type ShowPremium = z.infer<typeof showPremiumSchema>;

export const NO_PREMIUM: ShowPremium = { plans: [], allEpisodes: false };

/** As an owner sets it on `POST`/`PUT /api/podcasts`: each plan must offer premium listening. */
export const showPremiumBodySchema = z.strictObject({
  plans: z
    .array(planSchema)
    .max(PREMIUM_LIMITS.plans, { error: `at most ${PREMIUM_LIMITS.plans} plans` })
    .refine((plans) => new Set(plans).size === plans.length, { error: 'plans are named once each' }),
  allEpisodes: z.boolean({ error: 'allEpisodes must be true or false' }).default(false),
});

/** An episode's premium setting; null on a public episode. */
export const episodePremiumSchema = z.object({
  kind: z.enum(PREMIUM_KINDS),
  /** Early access: when the episode becomes public. */
  publicAt: z.string().nullable(),
  /** Ad-free: the public episode it is a cut of. */
  publicEpisodeId: objectIdSchema.nullable(),
});
export type EpisodePremium = z.infer<typeof episodePremiumSchema>;

/** Who may hear a premium episode, and until when (early access), in milliseconds. */
export interface PremiumWindow {
  plans: string[];
  until: number | null;
}

/** An episode's premium setting as stored or as events carry it (an early access's end a date or its text). */
export type PremiumSetting = { kind: string; publicAt?: Date | string | null } | null | undefined;

/**
 * When an episode is premium: the show names plans, and the episode is marked (early access
 * until its `publicAt`) or the whole show is premium. Without plans nothing is premium, whatever
 * the episode says: a show that stops naming plans is public again. The one rule for the pages and
 * feeds catalog answers and the audio media serves.
 */
export function premiumWindow(show: ShowPremium, episode: PremiumSetting): PremiumWindow | null {
  if (show.plans.length === 0) return null;
  if (episode) {
    const until =
      episode.kind === 'early-access' && episode.publicAt ? new Date(episode.publicAt).getTime() : null;
    return { plans: show.plans, until };
  }
  return show.allEpisodes ? { plans: show.plans, until: null } : null;
}

export const isPremiumNow = (window: PremiumWindow | null, now: number): window is PremiumWindow =>
  window !== null && (window.until === null || now < window.until);

export const episodePremiumBodySchema = z
  .strictObject({
    kind: z.enum(PREMIUM_KINDS, { error: `kind must be one of ${PREMIUM_KINDS.join(', ')}` }),
    publicAt: z.iso
      .datetime({ offset: true, error: 'publicAt must be an ISO date-time' })
      .nullable()
      .default(null),
    publicEpisodeId: objectIdSchema.nullable().default(null),
  })
  .refine((premium) => premium.kind !== 'early-access' || premium.publicAt !== null, {
    error: 'early access needs publicAt, when the episode becomes public',
    path: ['publicAt'],
  })
  .refine((premium) => premium.kind === 'early-access' || premium.publicAt === null, {
    error: 'only early access becomes public at a time',
    path: ['publicAt'],
  })
  .refine((premium) => premium.kind !== 'ad-free' || premium.publicEpisodeId !== null, {
    error: 'an ad-free episode names the public episode it is a cut of (publicEpisodeId)',
    path: ['publicEpisodeId'],
  })
  .refine((premium) => premium.kind === 'ad-free' || premium.publicEpisodeId === null, {
    error: 'only an ad-free episode names a public episode',
    path: ['publicEpisodeId'],
  });

/**
 * A private feed's token: 32 bytes, base64url (43 characters). Anything else in its place is bad
 * input (400), like a malformed id.
 */
export const PRIVATE_FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const privateFeedParamsSchema = z.object({
  token: z.string().regex(PRIVATE_FEED_TOKEN_PATTERN, { error: 'not a private feed token' }),
});

/** A member's private feed of one show, as its member sees it. */
export const privateFeedSchema = z.object({
  id: objectIdSchema,
  podcastId: objectIdSchema,
  /**
   * The feed's absolute URL, token included: the member's to keep to themselves, so null when an
   * admin reads another member's feeds.
   */
  url: z.string().nullable(),
  createdAt: z.string(),
  /** An owner or admin suspended it (shared too widely); a reset makes a new, working link. */
  suspended: z.boolean(),
});
export type PrivateFeed = z.infer<typeof privateFeedSchema>;

/** `GET /api/podcasts/{id}/premium`: what the caller may hear of a show, and their feed. */
export const premiumAccessSchema = z.object({
  premium: showPremiumSchema,
  /** The caller's plan unlocks the premium episodes (or they run the show, or are an admin). */
  entitled: z.boolean(),
  /** The caller's plan as catalog last heard it; null before identity's word arrived. */
  plan: z.string().nullable(),
  feed: privateFeedSchema.nullable(),
});
export type PremiumAccess = z.infer<typeof premiumAccessSchema>;

/** `GET /api/private-feeds`: the caller's private feeds (or an admin's look at a member's), one per show. */
export const privateFeedListSchema = z.object({
  /** The member's plan as catalog last heard it. */
  plan: z.string().nullable(),
  items: z.array(privateFeedSchema.extend({ show: z.object({ uId: z.string(), name: z.string() }) })),
});
export type PrivateFeedList = z.infer<typeof privateFeedListSchema>;

/** `GET /api/private-feeds?userId=` (admins name a member; everyone else gets their own). */
export const privateFeedsQuerySchema = z.object({ userId: objectIdSchema.optional() });

/** `PATCH /api/private-feeds/{id}` (the show's team, admins): suspend a shared feed, or lift it. */
export const privateFeedChangeSchema = z.strictObject({
  suspended: z.boolean({ error: 'suspended must be true or false' }),
});

/** A private feed fetched from more places in a day than one member uses. */
export const sharingFlagSchema = z.object({
  feedId: objectIdSchema,
  user: userRefSchema.nullable(),
  /** The UTC day it was seen. */
  day: z.string(),
  /** Distinct addresses and apps that day (estimates within 1 %). */
  addresses: z.number().int(),
  apps: z.number().int(),
  flaggedAt: z.string(),
  suspended: z.boolean(),
});
export type SharingFlag = z.infer<typeof sharingFlagSchema>;

/** `GET /api/podcasts/{id}/premium-members` (its owner, hosts, admins). */
export const premiumMembersSchema = z.object({
  premium: showPremiumSchema,
  /** Members holding a private feed of the show (counted up to 10,000). */
  privateFeeds: z.number().int(),
  /** The limits a day's fetches are flagged over. */
  limits: z.object({ addresses: z.number().int(), apps: z.number().int() }),
  flagged: z.array(sharingFlagSchema),
});
export type PremiumMembers = z.infer<typeof premiumMembersSchema>;
