import { z } from 'zod';

/**
 * The embeddable player (`/embed/episodes/{id}`, `/embed/shows/{uId}`) and the oEmbed answer that
 * lets a CMS or a chat turn a PODZ link into it (https://oembed.com).
 */
export const EMBED_SIZES = {
  episode: { width: 600, height: 200 },
  show: { width: 600, height: 400 },
} as const;

/** `GET /oembed?url=&format=&maxwidth=&maxheight=` (anyone). */
export const oembedQuerySchema = z.object({
  url: z.string({ error: 'url is required' }).min(1, { error: 'url is required' }).max(2000),
  /**
   * Only `json`. The oEmbed spec answers other formats with 501; PODZ answers every bad input
   * with a 4xx, so `xml` is a 400 that says which format there is.
   */
  format: z
    .enum(['json'], { error: 'format must be json: PODZ answers oEmbed in JSON only' })
    .default('json'),
  maxwidth: z.coerce.number().int().min(100).max(4000).optional(),
  maxheight: z.coerce.number().int().min(100).max(4000).optional(),
});
export type OembedQuery = z.infer<typeof oembedQuerySchema>;

export const oembedSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  /** An `<iframe>` of the player, escaped for HTML. */
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string(),
  cache_age: z.number().int(),
});
export type Oembed = z.infer<typeof oembedSchema>;
