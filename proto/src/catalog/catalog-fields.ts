import { z } from 'zod';
import { categorySchema } from '../categories';
import { lineSchema, paragraphSchema } from '../plain-text';

/**
 * A show's life: `draft` while its owner prepares it (only the owner, its hosts and admins see it),
 * `scheduled` like a draft until its `publishAt`, when the release clock publishes it,
 * `published` for everyone, with a feed, `archived` when it stops (still readable by its owner and
 * admins, gone from public lists and feeds).
 */
export const PODCAST_STATUSES = ['draft', 'scheduled', 'published', 'archived'] as const;
export const podcastStatusSchema = z.enum(PODCAST_STATUSES);
export type PodcastStatus = z.infer<typeof podcastStatusSchema>;

/**
 * An episode is `draft` until published; a published episode whose `publishedAt` lies ahead is
 * scheduled and appears once that time has come.
 */
/** `scheduled`: published by the catalog's release clock at its `publishedAt`. */
export const EPISODE_STATUSES = ['draft', 'scheduled', 'published'] as const;
export const episodeStatusSchema = z.enum(EPISODE_STATUSES);
export type EpisodeStatus = z.infer<typeof episodeStatusSchema>;

/** How an invited host answers (`PUT /api/podcasts/host-podcasts`). A declined invitation is removed. */
export const HOST_ANSWERS = ['confirmed', 'declined'] as const;
export const hostAnswerSchema = z.enum(HOST_ANSWERS);

/**
 * Crew credits, as roles of the Podcasting 2.0 `podcast:person` taxonomy with the group each belongs
 * to (https://podcasttaxonomy.com). Hosts (`cast`) and guests come from their own links instead.
 */
export const CREW_ROLES = {
  producer: 'creative direction',
  'executive producer': 'creative direction',
  editor: 'audio post-production',
  'audio engineer': 'audio production',
  'sound designer': 'audio production',
  composer: 'audio production',
  writer: 'writing',
  researcher: 'writing',
  'cover art designer': 'visuals',
  'social media manager': 'community',
} as const;
export type CrewRole = keyof typeof CREW_ROLES;
export const crewRoleSchema = z.enum(Object.keys(CREW_ROLES) as [CrewRole, ...CrewRole[]]);

export const PODCAST_NAME_MAX = 100;
export const DESCRIPTION_MAX = 10_000;
export const EPISODE_TITLE_MAX = 200;
export const HOSTS_MAX = 10;
export const GUESTS_MAX = 20;
export const CREW_MAX = 20;
export const LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/**
 * Upload limits: audio up to 200 MB, images up to 5 MB and 6,000 pixels on a side (twice what
 * podcast apps ask of cover art, and a bound on what decoding one costs).
 */
export const MEDIA_LIMITS = {
  audioBytes: 200 * 1024 * 1024,
  imageBytes: 5 * 1024 * 1024,
  imageMaxSide: 6000,
} as const;
export const AUDIO_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/ogg', 'audio/flac'] as const;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** A media path on this site (`/media/...`) or an absolute http(s) URL (imported feeds). */
export const mediaUrlSchema = z
  .string({ error: 'must be a string' })
  .max(2000)
  .refine((value) => /^\/media\/[A-Za-z0-9._/-]+$/.test(value) || /^https?:\/\/[^\s]+$/.test(value), {
    error: 'must be a /media path or an http(s) URL',
  });

/** A link to elsewhere: an absolute http(s) URL of at most 2,000 characters. */
export const httpUrlSchema = (name: string) =>
  z
    .string({ error: `${name} must be an http(s) URL` })
    .max(2000)
    .regex(/^https?:\/\/\S+$/, { error: `${name} must be an http(s) URL` });

/** A show's name or an episode's title: one line of plain text (proto/src/plain-text). */
export const textSchema = (name: string, max: number) => lineSchema(name, { max });

export const descriptionSchema = paragraphSchema('description', { max: DESCRIPTION_MAX });

export { categorySchema };
