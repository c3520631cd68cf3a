import { DEFAULT_PAGES } from './default-pages';
import { type Page, type PageSlug } from '@podz/proto';
import { type ContentDeps } from './content-deps';
import { pageView } from './page-views';

function defaultPage(slug: PageSlug): Page {
  return { slug, ...DEFAULT_PAGES[slug], version: 0, updatedBy: null, updatedAt: null };
}

/** `GET /api/content/pages/{slug}`: the current version, or the defaults if nobody saved one. */
export async function readPage(deps: ContentDeps, slug: PageSlug): Promise<Page> {
  const record = await deps.pages.find(slug);
  return record ? pageView(slug, record) : defaultPage(slug);
}

/** `GET /api/content/pages/{slug}/versions`: the kept versions, newest first. */
export async function pageVersions(deps: ContentDeps, slug: PageSlug): Promise<{ items: Page[] }> {
  const record = await deps.pages.find(slug);
  const history = record?.history ?? [];
  return { items: [...history].reverse().map((version) => pageView(slug, version)) };
}
