import { z } from 'zod';
import { userRefSchema } from '../user-ref';
import { categorySchema } from '../categories';
import { objectIdSchema } from '../ids';
import { paginatedSchema, paginationQuerySchema } from '../pagination';
import {
  CREW_MAX,
  HOSTS_MAX,
  LANGUAGE_PATTERN,
  PODCAST_NAME_MAX,
  crewRoleSchema,
  descriptionSchema,
  hostAnswerSchema,
  podcastStatusSchema,
  textSchema,
} from './catalog-fields';
import { feedSettingsSchema, feedSettingsUpdateSchema } from './feed-settings-api';
import { showPremiumBodySchema, showPremiumSchema } from './premium-api';

/** Default page size of podcast lists. */
export const PODCASTS_PAGE_SIZE = 12;

const booleanFlag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true');

export const podcastSchema = z.object({
  _id: objectIdSchema,
  id: objectIdSchema,
  /** The name in URLs (`/shows/{uId}`): unique, derived from the name. */
  uId: z.string(),
  name: z.string(),
  description: z.string(),
  logoPath: z.string(),
  category: categorySchema,
  language: z.string(),
  explicit: z.boolean(),
  status: podcastStatusSchema,
  /** When a scheduled show goes public; null for any other status. */
  publishAt: z.string().nullable(),
  featured: z.boolean(),
  owner: userRefSchema,
  hosts: z.array(z.object({ user: userRefSchema, confirmed: z.boolean() })),
  crew: z.array(z.object({ user: userRefSchema, role: crewRoleSchema, group: z.string() })),
  followerCount: z.number().int().min(0),
  /** Where the show was imported from, if it was. */
  sourceFeedUrl: z.string().nullable(),
  /** This show's RSS feed on PODZ (published shows). */
  feedUrl: z.string(),
  /**
   * `podcast:guid`: fixed when the show was made, or kept from the feed it was imported from; null
   * for shows made before it was kept, whose feed carries the UUIDv5 of its URL (the same value).
   */
  feedGuid: z.string().nullable(),
  feed: feedSettingsSchema,
  /** Which plans unlock the show's premium episodes, and whether every episode is one. */
  premium: showPremiumSchema,
  /** Its episodes' audio is levelled to the network's loudness target (docs/audio.md); on for new shows. */
  levelAudio: z.boolean(),
  /** Its episodes carry inserted ads and promos (docs/ads.md); null follows the network's default. */
  insertAds: z.boolean().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Podcast = z.infer<typeof podcastSchema>;
export const podcastPageSchema = paginatedSchema(podcastSchema);

const podcastFields = {
  name: textSchema('name', PODCAST_NAME_MAX),
  description: descriptionSchema,
  category: categorySchema,
  language: z
    .string()
    .regex(LANGUAGE_PATTERN, { error: 'language must be a language code such as en or pt-BR' }),
  explicit: z.boolean({ error: 'explicit must be true or false' }),
  status: podcastStatusSchema,
  /**
   * When the show goes public: with `scheduled` (or `published` and a time still to come) the
   * release clock publishes it then; a time already past is refused for `scheduled`.
   */
  publishAt: z.iso.datetime({ offset: true, error: 'publishAt must be an ISO date-time' }),
  /** An image uploaded with `POST /api/media/images`. */
  logoId: objectIdSchema,
  /** Users invited as hosts; new ones are unconfirmed until they answer. */
  hostIds: z.array(objectIdSchema).max(HOSTS_MAX, { error: `at most ${HOSTS_MAX} hosts` }),
  crew: z
    .array(z.strictObject({ userId: objectIdSchema, role: crewRoleSchema }))
    .max(CREW_MAX, { error: `at most ${CREW_MAX} crew credits` }),
  /** The feed's Podcasting 2.0 settings (feed-settings-api.ts); those left out keep their value. */
  feed: feedSettingsUpdateSchema,
  /** The plans that unlock premium episodes; each must offer premium listening. */
  premium: showPremiumBodySchema,
  levelAudio: z.boolean({ error: 'levelAudio must be true or false' }),
  insertAds: z.boolean({ error: 'insertAds must be true, false or null' }).nullable(),
};

/** `POST /api/podcasts` (owners). */
export const createPodcastBodySchema = z.strictObject({
  ...podcastFields,
  description: podcastFields.description.default(''),
  language: podcastFields.language.default('en'),
  explicit: podcastFields.explicit.default(false),
  status: podcastFields.status.default('published'),
  publishAt: podcastFields.publishAt.optional(),
  logoId: podcastFields.logoId.optional(),
  hostIds: podcastFields.hostIds.default([]),
  crew: podcastFields.crew.default([]),
  feed: podcastFields.feed.optional(),
  premium: podcastFields.premium.optional(),
  levelAudio: podcastFields.levelAudio.default(true),
  insertAds: podcastFields.insertAds.default(null),
});

/** `PUT /api/podcasts/{id}` (its owner or an admin): any field; `featured` is for admins only. */
export const updatePodcastBodySchema = z.strictObject({
  name: podcastFields.name.optional(),
  description: podcastFields.description.optional(),
  category: podcastFields.category.optional(),
  language: podcastFields.language.optional(),
  explicit: podcastFields.explicit.optional(),
  status: podcastFields.status.optional(),
  publishAt: podcastFields.publishAt.optional(),
  logoId: podcastFields.logoId.optional(),
  hostIds: podcastFields.hostIds.optional(),
  crew: podcastFields.crew.optional(),
  feed: podcastFields.feed.optional(),
  premium: podcastFields.premium.optional(),
  levelAudio: podcastFields.levelAudio.optional(),
  insertAds: podcastFields.insertAds.optional(),
  featured: z.boolean({ error: 'featured must be true or false' }).optional(),
});

export const podcastListQuerySchema = paginationQuerySchema(PODCASTS_PAGE_SIZE);
export const userPodcastsQuerySchema = podcastListQuerySchema.extend({ userId: objectIdSchema });

/** `GET /api/podcasts/all-podcasts`: published shows, optionally only featured ones or one category. */
export const allPodcastsQuerySchema = podcastListQuerySchema.extend({
  featured: booleanFlag.optional(),
  category: categorySchema.optional(),
  search: z.string().trim().max(100).optional(),
});

/**
 * `POST /api/podcasts/all-podcasts` (admins, no body): every show in any status, newest first;
 * by status and category, by name prefix (then by name), or one owner's shows (alone).
 */
export const managePodcastsQuerySchema = podcastListQuerySchema
  .extend({
    status: podcastStatusSchema.optional(),
    category: categorySchema.optional(),
    search: z.string().trim().max(100).optional(),
    ownerId: objectIdSchema.optional(),
  })
  .refine((query) => !query.ownerId || (!query.status && !query.category && !query.search), {
    error: "ownerId lists one owner's shows: leave out status, category and search",
  });

export const nameParamsSchema = z.object({ name: z.string().min(1).max(200) });
/**
 * `?episodes=true`: the show page's data in one read, the show's first page of episodes beside it
 * (as `GET /api/episodes/podcast-episodes?podcastId=…&page=1` answers the same caller).
 */
export const podcastByNameQuerySchema = z.object({ episodes: booleanFlag.optional() });

/** `GET` and `PATCH /api/podcasts/{id}/follow` answer this. */
export const followStateSchema = z.object({ following: z.boolean(), followerCount: z.number().int() });
export const followQuerySchema = z.object({ unfollow: booleanFlag.optional() });

/** `GET /api/podcasts/host-podcasts`: the shows that invited the caller, with the caller's state. */
export const hostPodcastSchema = podcastSchema.extend({ confirmed: z.boolean() });

export const hostAnswerBodySchema = z.strictObject({ podcastId: objectIdSchema, status: hostAnswerSchema });
export const leaveHostBodySchema = z.strictObject({ podcastId: objectIdSchema });

/** `POST /api/podcasts/rss-link`: import a show and its episodes from a feed URL. */
export const rssImportBodySchema = z.strictObject({
  url: z
    .url({ error: 'url must be a valid URL' })
    .max(2000)
    .refine((value) => /^https?:/i.test(value), { error: 'url must be an http(s) URL' }),
  category: categorySchema.optional(),
});
export const rssImportResultSchema = z.object({ podcast: podcastSchema, episodesImported: z.number().int() });
