import { z } from 'zod';
import { lineSchema } from '../plain-text';

/**
 * Documentation pages for admins (`/documentation`): markdown with a table of contents built from
 * its headings. `api-reference` is generated from this package (every route and event type) and
 * cannot be edited or deleted.
 */
export const GENERATED_DOC_SLUG = 'api-reference';
export const DOC_LIMITS = { title: 120, markdown: 100_000 } as const;

export const docSlugSchema = z.string({ error: 'slug must be a string' }).regex(/^[a-z0-9][a-z0-9-]{0,59}$/, {
  error: 'slug must be a short lowercase name (letters, digits, dashes)',
});
export const docParamsSchema = z.object({ slug: docSlugSchema });

export const tocEntrySchema = z.object({
  /** 1 for `#`, up to 4. */
  level: z.number().int().min(1).max(4),
  text: z.string(),
  /** The id of the heading in `html`, for `#anchor` links. */
  anchor: z.string(),
});
export type TocEntry = z.infer<typeof tocEntrySchema>;

export const docSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  generated: z.boolean(),
  updatedAt: z.string().nullable(),
});
export const docListSchema = z.object({ items: z.array(docSummarySchema) });

export const docSchema = docSummarySchema.extend({
  markdown: z.string(),
  /** The markdown rendered and sanitized, headings carrying the anchors of `toc`. */
  html: z.string(),
  toc: z.array(tocEntrySchema),
  updatedBy: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type Doc = z.infer<typeof docSchema>;

/** `PUT /api/docs/{slug}` (admins): creates or replaces the page. */
export const saveDocBodySchema = z.strictObject({
  title: lineSchema('title', { max: DOC_LIMITS.title }),
  markdown: z
    .string({ error: 'markdown must be a string' })
    .max(DOC_LIMITS.markdown, { error: `markdown is at most ${DOC_LIMITS.markdown} characters` }),
});
export type SaveDocBody = z.infer<typeof saveDocBodySchema>;

/**
 * `POST /api/docs/preview` (admins): the markdown rendered and sanitized as a saved page would be,
 * without saving it (the editor's preview). Answers `{ html, toc }`.
 */
export const previewDocBodySchema = z.strictObject({
  markdown: z
    .string({ error: 'markdown must be a string' })
    .max(DOC_LIMITS.markdown, { error: `markdown is at most ${DOC_LIMITS.markdown} characters` }),
});
export const docPreviewSchema = docSchema.pick({ html: true, toc: true });
