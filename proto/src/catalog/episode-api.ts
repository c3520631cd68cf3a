import { z } from 'zod';
import { userRefSchema } from '../user-ref';
import { categorySchema } from '../categories';
import { EPISODES_PAGE_SIZE, PODCAST_EPISODES_PAGE_SIZE } from '../constants';
import { idListSchema, objectIdSchema } from '../ids';
import { paginatedSchema, paginationQuerySchema } from '../pagination';
import { podcastSchema } from './podcast-api';
import {
  EPISODE_TITLE_MAX,
  GUESTS_MAX,
  descriptionSchema,
  episodeStatusSchema,
  textSchema,
} from './catalog-fields';
import { chapterSchema, CHAPTER_SOURCES } from './chapter-api';
import { transcriptInfoSchema } from './transcript-api';
import { audioFactsSchema } from './audio-pipeline';
import { EPISODE_TYPES, SOUNDBITES_MAX, feedSettingsSchema, soundbiteSchema } from './feed-settings-api';
import { episodePremiumBodySchema, episodePremiumSchema, showPremiumSchema } from './premium-api';
import { adBreaksSchema } from '../ads/ad-breaks';

/** What an episode answer says of its show, so lists need no second call. */
export const showSummarySchema = z.object({
  id: objectIdSchema,
  uId: z.string(),
  name: z.string(),
  logoPath: z.string(),
  /** Where listeners support the show (its feed's funding links; none: the network's pricing). */
  funding: feedSettingsSchema.shape.funding,
  /** The plans that unlock the show's premium episodes (none: nothing is premium). */
  premium: showPremiumSchema,
});

export const episodeSchema = z.object({
  _id: objectIdSchema,
  id: objectIdSchema,
  /** The podcast's id. */
  podcast: objectIdSchema,
  show: showSummarySchema,
  title: z.string(),
  /** Sanitized HTML. */
  description: z.string(),
  audio: z.object({
    url: z.string(),
    type: z.string(),
    bytes: z.number().int().min(0),
    durationSeconds: z.number().min(0),
  }),
  image: z.string().nullable(),
  season: z.number().int().nullable(),
  episode: z.number().int().nullable(),
  publishedAt: z.string(),
  status: episodeStatusSchema,
  explicit: z.boolean(),
  guests: z.array(userRefSchema),
  categories: z.array(categorySchema),
  episodeType: z.enum(EPISODE_TYPES),
  /** `podcast:episode display`: how the episode is numbered in words ("Part 1"), or null. */
  episodeLabel: z.string().nullable(),
  soundbites: z.array(soundbiteSchema),
  transcript: transcriptInfoSchema.nullable(),
  chapters: z.array(chapterSchema),
  chaptersSource: z.enum(CHAPTER_SOURCES).nullable(),
  /** The JSON chapters file for apps (`podcast:chapters`); null without chapters. */
  chaptersUrl: z.string().nullable(),
  /** What the owner set; null on a public episode of a show that is not all premium. */
  premium: episodePremiumSchema.nullable(),
  /**
   * Who may hear it now: `premium` for members on the show's plans (its audio answers no one
   * else), `public` for everyone (early access turns public at its `publicAt`).
   */
  listening: z.enum(['public', 'premium']),
  /** Where inserted ads and promos go, as its owner set them; null: by the network's rule. */
  adBreaks: adBreaksSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Episode = z.infer<typeof episodeSchema>;
export const episodePageSchema = paginatedSchema(episodeSchema);

/** `GET /api/podcasts/name/{name}?episodes=true`: the show with its first page of episodes. */
export const showPageSchema = podcastSchema.extend({ episodes: episodePageSchema.optional() });
export type ShowPage = z.infer<typeof showPageSchema>;

const episodeNumber = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(0)
    .max(100_000);

const episodeFields = {
  title: textSchema('title', EPISODE_TITLE_MAX),
  description: descriptionSchema,
  /** Audio uploaded with `POST /api/media/audio`. */
  audioId: objectIdSchema,
  /** An image uploaded with `POST /api/media/images`; the show's cover when absent. */
  imageId: objectIdSchema.nullable(),
  season: episodeNumber('season').nullable(),
  episode: episodeNumber('episode').nullable(),
  publishedAt: z.iso.datetime({ offset: true, error: 'publishedAt must be an ISO date-time' }),
  status: episodeStatusSchema,
  explicit: z.boolean({ error: 'explicit must be true or false' }),
  guestIds: z.array(objectIdSchema).max(GUESTS_MAX, { error: `at most ${GUESTS_MAX} guests` }),
  categories: z.array(categorySchema).max(3, { error: 'at most 3 categories' }),
  episodeType: z.enum(EPISODE_TYPES, { error: `episodeType must be one of ${EPISODE_TYPES.join(', ')}` }),
  episodeLabel: z
    .string()
    .trim()
    .min(1)
    .max(32, { error: 'episodeLabel has at most 32 characters' })
    .nullable(),
  soundbites: z.array(soundbiteSchema).max(SOUNDBITES_MAX, { error: `at most ${SOUNDBITES_MAX} soundbites` }),
  /** Premium for members on the show's plans; null makes it public. */
  premium: episodePremiumBodySchema.nullable(),
};

/** `POST /api/episodes` (the show's owner or an admin). */
export const createEpisodeBodySchema = z.strictObject({
  podcastId: objectIdSchema,
  ...episodeFields,
  description: episodeFields.description.default(''),
  imageId: episodeFields.imageId.optional(),
  season: episodeFields.season.optional(),
  episode: episodeFields.episode.optional(),
  publishedAt: episodeFields.publishedAt.optional(),
  status: episodeFields.status.default('published'),
  explicit: episodeFields.explicit.default(false),
  guestIds: episodeFields.guestIds.default([]),
  categories: episodeFields.categories.default([]),
  episodeType: episodeFields.episodeType.default('full'),
  episodeLabel: episodeFields.episodeLabel.default(null),
  soundbites: episodeFields.soundbites.default([]),
  premium: episodeFields.premium.default(null),
});

/** `PUT /api/episodes/{id}` (the show's owner or an admin): any field. */
export const updateEpisodeBodySchema = z.strictObject({
  title: episodeFields.title.optional(),
  description: episodeFields.description.optional(),
  audioId: episodeFields.audioId.optional(),
  imageId: episodeFields.imageId.optional(),
  season: episodeFields.season.optional(),
  episode: episodeFields.episode.optional(),
  publishedAt: episodeFields.publishedAt.optional(),
  status: episodeFields.status.optional(),
  explicit: episodeFields.explicit.optional(),
  guestIds: episodeFields.guestIds.optional(),
  categories: episodeFields.categories.optional(),
  episodeType: episodeFields.episodeType.optional(),
  episodeLabel: episodeFields.episodeLabel.optional(),
  soundbites: episodeFields.soundbites.optional(),
  premium: episodeFields.premium.optional(),
});

export const latestEpisodesQuerySchema = paginationQuerySchema(EPISODES_PAGE_SIZE);
export const podcastEpisodesQuerySchema = paginationQuerySchema(PODCAST_EPISODES_PAGE_SIZE).extend({
  podcastId: objectIdSchema,
});
export const guestEpisodesQuerySchema = paginationQuerySchema(EPISODES_PAGE_SIZE).extend({
  userId: objectIdSchema,
});
/** At most this many ids per `GET /api/episodes/by-ids`: as many keyed reads as a long page. */
export const EPISODES_BY_IDS_MAX = 100;

/**
 * `?ids=<id>,<id>,…`: public episodes by id, for readers that learn of many at once (search,
 * catching up on a run of events). Repeats count once.
 */
export const episodesByIdsQuerySchema = z.object({
  ids: idListSchema('ids', 'episode', EPISODES_BY_IDS_MAX),
});

/** The most `GET /api/episodes/followed` answers: one screen of a member's new episodes. */
export const FOLLOWED_EPISODES_MAX = 50;
/** The shows it reads, the most recently followed first: a member's list stays one bounded read. */
export const FOLLOWED_EPISODES_SHOWS = 100;
export const followedEpisodesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FOLLOWED_EPISODES_MAX).default(FOLLOWED_EPISODES_MAX),
});

/** The public ones of the episodes asked for, in the order asked; the rest are left out. */
export const episodesByIdsSchema = z.object({ items: z.array(episodeSchema) });
export type EpisodesByIds = z.infer<typeof episodesByIdsSchema>;

export const PREVIOUS_EPISODES_DEFAULT = 5;
export const previousEpisodesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(PREVIOUS_EPISODES_DEFAULT),
});

/** What `POST /api/media/audio` and `POST /api/media/images` answer. */
export const mediaSchema = z.object({
  id: objectIdSchema,
  kind: z.enum(['audio', 'image']),
  url: z.string(),
  type: z.string(),
  bytes: z.number().int(),
  durationSeconds: z.number().nullable(),
});
export type Media = z.infer<typeof mediaSchema>;

/**
 * `GET /uploads/{id}?claim=`: whether the asker may be about to publish it on an episode (catalog:
 * the default), so media holds its audio closed until it hears whose it is; a campaign's creative
 * (ads) is never an episode's, and asks with `claim=false`.
 */
export const uploadFactsQuerySchema = z.object({
  claim: z
    .enum(['true', 'false'], { error: 'claim must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
});

/**
 * An upload as media tells catalog about it (`GET /uploads/{id}` on media, service to service and
 * never through the gateway): what a show or episode that names it by id takes of it.
 */
export const uploadFactsSchema = mediaSchema.extend({
  uploadedBy: objectIdSchema,
  /** Audio: the chapters its ID3v2 tag carries, which an episode using it takes. */
  chapters: z.array(chapterSchema),
});
export type UploadFacts = z.infer<typeof uploadFactsSchema>;

/** Where an upload is used: a show's cover, or an episode's audio or image. */
export const mediaUseSchema = z.object({
  kind: z.enum(['show', 'episode']),
  id: objectIdSchema,
  name: z.string(),
  podcastId: objectIdSchema,
});
export type MediaUse = z.infer<typeof mediaUseSchema>;

/** An upload as the media library (MediaZ, the image gallery) shows it. */
export const mediaItemSchema = mediaSchema.extend({
  /** The file's name as uploaded ('' for files from before names were kept). */
  name: z.string(),
  uploadedBy: objectIdSchema,
  /** The uploader's username, or "Deleted user". */
  uploaderName: z.string(),
  createdAt: z.string(),
  usedBy: z.array(mediaUseSchema),
  /** Audio: its processing and what it found (null for images and audio from before processing). */
  audio: audioFactsSchema.nullable(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const MEDIA_PAGE_SIZE = 10;
/**
 * `GET /api/media?kind&search&page&limit` (owners: their own; admins: everyone's), newest first;
 * with `search` (a file-name prefix), by name.
 */
export const mediaListQuerySchema = paginationQuerySchema(MEDIA_PAGE_SIZE).extend({
  kind: z.enum(['audio', 'image'], { error: 'kind must be audio or image' }).optional(),
  search: z.string().trim().max(100).optional(),
});

/** `GET /api/media/storage?userId` (owners: themselves; admins: anyone): `{ userId, bytes, files }`. */
export const mediaStorageQuerySchema = z.object({ userId: objectIdSchema.optional() });
export const mediaStorageSchema = z.object({
  userId: objectIdSchema,
  bytes: z.number().int(),
  files: z.number().int(),
});
export type MediaStorage = z.infer<typeof mediaStorageSchema>;
