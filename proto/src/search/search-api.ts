import { z } from 'zod';
import { categorySchema } from '../categories';
import { objectIdSchema } from '../ids';
import { episodeStatusSchema, LANGUAGE_PATTERN, podcastStatusSchema } from '../catalog/catalog-fields';

/** The longest query accepted, in characters (after trimming). */
export const SEARCH_QUERY_MAX = 100;
/** The most results of one type a page holds, and its default. */
export const SEARCH_PAGE_MAX = 20;
export const SEARCH_PAGE_SIZE = 10;
/** How deep paging goes: ranking past this many results of a type says nothing useful. */
export const SEARCH_RESULTS_MAX = 200;

export const SEARCH_TYPES = ['shows', 'episodes', 'people'] as const;
export const searchTypeSchema = z.enum(SEARCH_TYPES, { error: 'type must be shows, episodes or people' });
export type SearchType = z.infer<typeof searchTypeSchema>;

/**
 * `GET /api/search?q&type&category&language&page&limit`. Without `type` each type answers its
 * first `limit` results (the suggestions and the page's first view); with it, that type alone,
 * paged. `category` and `language` narrow shows and episodes (people have neither).
 */
export const searchQuerySchema = z
  .object({
    q: z
      .string({ error: 'q is required' })
      .trim()
      .min(1, { error: 'q must not be empty' })
      .max(SEARCH_QUERY_MAX, { error: `q must be at most ${SEARCH_QUERY_MAX} characters` }),
    type: searchTypeSchema.optional(),
    category: categorySchema.optional(),
    language: z
      .string()
      .regex(LANGUAGE_PATTERN, { error: 'language must be a language code such as en or pt-BR' })
      .optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_PAGE_SIZE),
  })
  .refine((query) => (query.page - 1) * query.limit < SEARCH_RESULTS_MAX, {
    error: `results go no deeper than ${SEARCH_RESULTS_MAX}`,
    path: ['page'],
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * A field's text split where the query matched: `[plain, matched, plain, matched, …]` (even
 * positions plain, odd ones the matched words), so a screen marks them without parsing HTML.
 */
export const highlightSchema = z.array(z.string());
export type Highlight = z.infer<typeof highlightSchema>;

const hitBase = {
  id: objectIdSchema,
  score: z.number(),
};

export const showHitSchema = z.object({
  ...hitBase,
  uId: z.string(),
  name: highlightSchema,
  /** The description's passage around the first match (or its opening). */
  description: highlightSchema,
  logoPath: z.string(),
  category: categorySchema,
  followerCount: z.number().int().min(0),
  /** `published` for everyone; another status only in the searches of the show's managers. */
  status: podcastStatusSchema,
});

export const episodeHitSchema = z.object({
  ...hitBase,
  title: highlightSchema,
  description: highlightSchema,
  show: z.object({ id: objectIdSchema, uId: z.string(), name: z.string(), logoPath: z.string() }),
  publishedAt: z.string(),
  /** `published` for everyone; `draft` or `scheduled` only in the searches of the show's managers. */
  status: episodeStatusSchema,
  /** Where the transcript matched, when it did: the cue's start (seconds) and its words. */
  transcript: z.object({ startSeconds: z.number().min(0), text: highlightSchema }).nullable(),
});

export const personHitSchema = z.object({
  ...hitBase,
  username: z.string(),
  name: highlightSchema,
  profilePicture: z.string(),
});

const resultsOf = <T extends z.ZodType>(hit: T) =>
  z.object({ total: z.number().int().min(0), items: z.array(hit) });

export const searchResultsSchema = z.object({
  query: z.string(),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  shows: resultsOf(showHitSchema),
  episodes: resultsOf(episodeHitSchema),
  people: resultsOf(personHitSchema),
});
export type ShowHit = z.infer<typeof showHitSchema>;
export type EpisodeHit = z.infer<typeof episodeHitSchema>;
export type PersonHit = z.infer<typeof personHitSchema>;
export type SearchResults = z.infer<typeof searchResultsSchema>;
