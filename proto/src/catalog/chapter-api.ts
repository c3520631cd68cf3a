import { z } from 'zod';
import { httpUrlSchema } from './catalog-fields';

/**
 * Chapters: read from the uploaded MP3's ID3 `CHAP` frames, or set from a Podcast Namespace JSON
 * chapters file or the browser's editor. Kept on the episode; served to apps as the JSON chapters
 * file the feed's `podcast:chapters` points at.
 */
export const CHAPTERS_MAX = 100;
export const CHAPTER_TITLE_MAX = 200;

/** Where an episode's chapters came from: `audio` ones follow the audio when it is replaced. */
export const CHAPTER_SOURCES = ['audio', 'file', 'editor'] as const;
export type ChapterSource = (typeof CHAPTER_SOURCES)[number];

/** A chapter as the Podcast Namespace's JSON chapters format writes it (version 1.2.0). */
export const chapterSchema = z.object({
  startTime: z
    .number({ error: 'startTime must be a number of seconds' })
    .min(0, { error: 'startTime cannot be negative' })
    .max(100 * 3600),
  title: z
    .string({ error: 'every chapter needs a title' })
    .trim()
    .min(1, { error: 'every chapter needs a title' })
    .max(CHAPTER_TITLE_MAX, { error: `a chapter title has at most ${CHAPTER_TITLE_MAX} characters` }),
  url: httpUrlSchema('url').optional(),
  img: z.union([httpUrlSchema('img'), z.string().regex(/^\/media\/images\/[A-Za-z0-9._-]+$/)]).optional(),
});
export type Chapter = z.infer<typeof chapterSchema>;

/**
 * `PUT /api/episodes/{id}/chapters` (the show's owner or an admin): the whole list, in any order
 * (kept sorted; two chapters may not start at the same second). A JSON chapters file is accepted
 * as it is: its `version` and any other top-level fields are ignored. `[]` removes them all.
 */
export const chaptersBodySchema = z.object({
  chapters: z.array(chapterSchema).max(CHAPTERS_MAX, { error: `at most ${CHAPTERS_MAX} chapters` }),
  /** `file` when the list comes from an uploaded chapters file; `editor` otherwise. */
  source: z.enum(['file', 'editor']).default('editor'),
});
export type ChaptersBody = z.infer<typeof chaptersBodySchema>;

/** The JSON chapters file served for apps (`application/json+chapters`). */
export const chaptersFileSchema = z.object({
  version: z.literal('1.2.0'),
  chapters: z.array(chapterSchema),
});
export type ChaptersFile = z.infer<typeof chaptersFileSchema>;

/** `GET /media/chapters/{episodeId}.json`: a public episode's chapters file. */
export const chaptersFileParamsSchema = z.object({
  file: z.string().regex(/^[0-9a-f]{24}\.json$/, { error: 'Not a chapters file' }),
});
