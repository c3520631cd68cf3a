import type { CatalogDeps } from './catalog-deps';

/**
 * The catalog's lists (data/catalog-lists.ts) are kept in step with the store by place-*, sync-*
 * and ensure-lists. Every write that changes what a list holds places the documents it wrote;
 * catalog's own events place them again from the store (so a crash between the write and Redis
 * loses nothing); a list that is missing is rebuilt from the store, and until it is, pages are
 * read from the store directly. Whatever changes a list or a document on it also invalidates the
 * rendered public answers (the response cache), so a publish is visible at once.
 */

/** Rendered public answers are dropped; a failure only leaves them until their TTL. */
export async function invalidateResponses(deps: Pick<CatalogDeps, 'logger' | 'responses'>): Promise<void> {
  await deps.responses
    .invalidate()
    .catch((err: unknown) => deps.logger.warn({ err }, 'response cache not invalidated'));
}
