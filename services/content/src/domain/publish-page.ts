import { badRequest, conflict, notFound, pendingEvent, sanitizeRichText, type AuthUser } from '@podz/kit';
import { PAGE_LIMITS, pagePublished, type Page, type PageSlug, type SavePageBody } from '@podz/proto';
import type { PageRecord, PageVersionRecord } from '../data/page-model';
import { editorOf, type ContentDeps } from './content-deps';
import type { PageContent } from '../data/page-content';
import { pageView } from './page-views';

// Two editors saving the same page at once: the loser re-reads and saves on top, a few times.
const SAVE_ATTEMPTS = 5;

function contentOf(slug: PageSlug, body: SavePageBody): PageContent {
  if (body.featuredShows && slug !== 'home') {
    throw badRequest('featuredShows: only the home page features shows', [
      { path: 'body.featuredShows', message: 'only the home page features shows' },
    ]);
  }
  return {
    title: body.title,
    hero: body.hero,
    sections: body.sections.map((section) => ({
      heading: section.heading,
      body: sanitizeRichText(section.body),
    })),
    featuredShows: slug === 'home' ? (body.featuredShows ?? { mode: 'featured', podcastIds: [] }) : null,
  };
}

async function publish(
  deps: ContentDeps,
  editor: AuthUser,
  slug: PageSlug,
  content: (current: PageRecord | null) => { content: PageContent; restoredFrom: number | null },
  expectedVersion?: number,
): Promise<Page> {
  for (let attempt = 1; attempt <= SAVE_ATTEMPTS; attempt++) {
    const current = await deps.pages.find(slug);
    const from = current?.version ?? 0;
    if (expectedVersion !== undefined && expectedVersion !== from) {
      throw conflict(`This page changed since you opened it (now version ${from}); reload and try again`);
    }
    const { content: next, restoredFrom } = content(current);
    const version: PageVersionRecord = {
      ...next,
      version: from + 1,
      updatedBy: editorOf(editor),
      updatedAt: new Date(),
      restoredFrom,
    };
    const history = [...(current?.history ?? []), version].slice(-PAGE_LIMITS.versionsKept);
    const event = pendingEvent(pagePublished, slug, {
      slug,
      version: version.version,
      title: version.title,
      editorId: editor.id,
      restoredFrom,
    });
    if (await deps.pages.publish(slug, from, version, history, [event])) {
      deps.logger.info({ slug, version: version.version, restoredFrom }, 'page published');
      return pageView(slug, version);
    }
    if (expectedVersion !== undefined) break;
  }
  throw conflict('This page is being edited by someone else right now; reload and try again');
}

/** `PUT /api/content/pages/{slug}` (editors, admins): publishes the page as a new version. */
export function savePage(deps: ContentDeps, editor: AuthUser, slug: PageSlug, body: SavePageBody) {
  const content = contentOf(slug, body);
  return publish(deps, editor, slug, () => ({ content, restoredFrom: null }), body.expectedVersion);
}

/**
 * `POST /api/content/pages/{slug}/versions/{version}/restore` (editors, admins): publishes a kept
 * version's content again as the newest version, so restoring is itself undoable.
 */
export function restorePage(deps: ContentDeps, editor: AuthUser, slug: PageSlug, version: number) {
  return publish(deps, editor, slug, (current) => {
    const kept = current?.history.find((entry) => entry.version === version);
    if (!kept) throw notFound(`Version ${version} of this page`);
    const { title, hero, sections, featuredShows } = kept;
    return { content: { title, hero, sections, featuredShows }, restoredFrom: version };
  });
}
