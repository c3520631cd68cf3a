import { z } from 'zod';
import { lineSchema, paragraphSchema } from '../plain-text';
import { objectIdSchema } from '../ids';

/**
 * The pages whose words editors manage (spec §2): `home` is `/`, the others their own path. A page
 * nobody has edited yet answers with PODZ's default words at version 0.
 */
export const PAGE_SLUGS = ['home', 'about', 'advertise', 'contact'] as const;
export const pageSlugSchema = z.enum(PAGE_SLUGS, { error: `page must be one of: ${PAGE_SLUGS.join(', ')}` });
export type PageSlug = z.infer<typeof pageSlugSchema>;

export const PAGE_LIMITS = {
  title: 120,
  heading: 160,
  subheading: 400,
  /** Characters of one section's rich text (HTML), before sanitizing. */
  body: 10_000,
  sections: 12,
  featuredShows: 12,
  /** Versions kept per page, the current one included; older ones go. */
  versionsKept: 20,
} as const;

/** Where a home-page button leads: a path on the site or an http(s) address. */
const hrefSchema = z
  .string({ error: 'href must be a string' })
  .trim()
  .max(500, { error: 'href is at most 500 characters' })
  .regex(/^(\/(?!\/)[^\s]*|https?:\/\/[^\s]+)$/i, {
    error: 'href must be a site path (/…) or an http(s) URL',
  });

const text = (field: string, max: number) => lineSchema(field, { max, min: 0 });

export const heroSchema = z.strictObject({
  heading: text('hero.heading', PAGE_LIMITS.heading).min(1, { error: 'hero.heading is required' }),
  subheading: text('hero.subheading', PAGE_LIMITS.subheading).default(''),
  cta: z
    .strictObject({
      label: text('hero.cta.label', 40).min(1, { error: 'hero.cta.label is required' }),
      href: hrefSchema,
    })
    .nullable()
    .default(null),
});

/** One block of a page: a heading and sanitized rich text (the same tags as show notes). */
export const pageSectionSchema = z.strictObject({
  heading: text('section heading', PAGE_LIMITS.heading).default(''),
  // Rich text: tags allowed here, sanitized by the content service before it is stored.
  body: paragraphSchema('section body', { max: PAGE_LIMITS.body }),
});

/**
 * Which shows the home page features: the ones admins flagged as featured, the newest, or a
 * hand-picked list (in order). Only `home` has this choice.
 */
export const FEATURED_SHOWS_MODES = ['featured', 'latest', 'picked'] as const;
export const featuredShowsSchema = z
  .strictObject({
    mode: z.enum(FEATURED_SHOWS_MODES, { error: `mode must be one of: ${FEATURED_SHOWS_MODES.join(', ')}` }),
    podcastIds: z
      .array(objectIdSchema)
      .max(PAGE_LIMITS.featuredShows, { error: `at most ${PAGE_LIMITS.featuredShows} shows` })
      .default([]),
  })
  .refine((choice) => choice.mode !== 'picked' || choice.podcastIds.length > 0, {
    error: 'picked needs at least one podcast id',
  });

const editorSchema = z.object({ id: objectIdSchema, username: z.string() });

/** A page as everyone reads it (`GET /api/content/pages/{slug}`). */
export const pageSchema = z.object({
  slug: pageSlugSchema,
  title: z.string(),
  hero: heroSchema.nullable(),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
  featuredShows: z.object({ mode: z.enum(FEATURED_SHOWS_MODES), podcastIds: z.array(z.string()) }).nullable(),
  /** 0 for the defaults nobody has edited; each save and each restore adds one. */
  version: z.number().int().min(0),
  /** Who saved this version, under the name they had then; null for the defaults. */
  updatedBy: editorSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type Page = z.infer<typeof pageSchema>;

/**
 * `PUT /api/content/pages/{slug}` (editors, admins): the whole page, published at once as a new
 * version. `expectedVersion`, when sent, makes the save fail with 409 if someone saved in between.
 */
export const savePageBodySchema = z.strictObject({
  title: text('title', PAGE_LIMITS.title).min(1, { error: 'title is required' }),
  hero: heroSchema.nullable().default(null),
  sections: z
    .array(pageSectionSchema)
    .max(PAGE_LIMITS.sections, { error: `at most ${PAGE_LIMITS.sections} sections` })
    .default([]),
  featuredShows: featuredShowsSchema.nullable().default(null),
  expectedVersion: z.number().int().min(0).optional(),
});
export type SavePageBody = z.infer<typeof savePageBodySchema>;

export const pageParamsSchema = z.object({ slug: pageSlugSchema });
export const restorePageParamsSchema = z.object({
  slug: pageSlugSchema,
  version: z.coerce.number({ error: 'version must be a number' }).int().min(1),
});

/** `GET /api/content/pages/{slug}/versions` (editors, admins): the kept versions, newest first. */
export const pageVersionsSchema = z.object({ items: z.array(pageSchema) });
