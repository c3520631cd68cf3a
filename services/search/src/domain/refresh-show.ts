import type { EpisodeDocument, ShowDocument } from '../data/search-document';
import { showDocument } from './search-documents';
import type { DocumentDeps } from './search-deps';
import { freshView } from './fresh-view';
import { storeEpisodes } from './refresh-episode';

/** What an episode's document copies from its show: a change to any means its episodes are stored again. */
const copiedByEpisodes = (show: ShowDocument) =>
  [show.uId, show.name, show.logoPath, show.language].join('\n');

/**
 * Keeps a show's document after any event of it (`changedAt` its time), stored as catalog answers
 * it publicly, or removed with its episodes when it is no longer public (what its managers may
 * find of it then is kept from its events, `keep-drafts.ts`). When it becomes public, or what its episodes show of it changes, its
 * public episodes are stored again (bounded by the show's episodes).
 */
export async function refreshShow(deps: DocumentDeps, showId: string, changedAt: Date): Promise<void> {
  const [podcast, before] = await Promise.all([
    freshView(() => deps.catalog.show(showId), changedAt),
    deps.documents.get<ShowDocument>('show', showId),
  ]);
  if (!podcast || podcast.status !== 'published') {
    // Kept for its managers (by its last event) until an event says otherwise; a deletion removes it.
    if (before && !before.managers) await removeShow(deps, showId);
    return;
  }
  const doc = showDocument(podcast);
  await deps.documents.put(doc);
  if (before && copiedByEpisodes(before) === copiedByEpisodes(doc)) return;
  const listed = await storeShowEpisodes(deps, doc);
  for (const id of await deps.documents.episodesOfShow(showId)) {
    if (!listed.has(id)) await deps.documents.remove('episode', id, showId);
  }
}

/** Stores every public episode of a show (catalog's list, a page at a time); the ids it stored. */
export async function storeShowEpisodes(deps: DocumentDeps, show: ShowDocument): Promise<Set<string>> {
  const listed = new Set<string>();
  for await (const episodes of deps.catalog.episodesOfShow(show.id)) {
    const stored = await deps.documents.many(episodes.map((episode) => `episode:${episode.id}`));
    await storeEpisodes(deps, episodes, show.language, stored as (EpisodeDocument | null)[]);
    for (const episode of episodes) listed.add(episode.id);
  }
  return listed;
}

/** A show gone (deleted or no longer public): it and every episode of it indexed. */
export async function removeShow(
  deps: DocumentDeps,
  showId: string,
  episodeIds: string[] = [],
): Promise<void> {
  const indexed = await deps.documents.episodesOfShow(showId);
  for (const id of new Set([...indexed, ...episodeIds])) await deps.documents.remove('episode', id, showId);
  await deps.documents.remove('show', showId);
}
