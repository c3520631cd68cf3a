import type { Episode } from '@podz/proto';
import { freshView } from './fresh-view';
import type { EpisodeDocument, ShowDocument } from '../data/search-document';
import { episodeDocument } from './search-documents';
import type { DocumentDeps } from './search-deps';

/**
 * Stores an episode as catalog answers it publicly, its transcript's cues read again only when the
 * transcript changed. `language` is its show's.
 */
export async function storeEpisode(
  deps: DocumentDeps,
  episode: Episode,
  language: string,
  before: EpisodeDocument | null,
): Promise<void> {
  const doc = episodeDocument(episode, language);
  const transcriptChanged =
    doc.transcriptRevision !== null && doc.transcriptRevision !== before?.transcriptRevision;
  const cues =
    transcriptChanged && episode.transcript ? await deps.catalog.cues(episode.transcript.jsonUrl) : undefined;
  await deps.documents.put(doc, cues);
}

/**
 * After any event of an episode (`changedAt` its time): what catalog answers a visitor is what is
 * indexed, so a draft, a scheduled episode or one of a show that is not public is removed (or
 * never added).
 */
export async function refreshEpisode(deps: DocumentDeps, episodeId: string, changedAt: Date): Promise<void> {
  const [episode, before] = await Promise.all([
    freshView(() => deps.catalog.episode(episodeId), changedAt),
    deps.documents.get<EpisodeDocument>('episode', episodeId),
  ]);
  if (!episode || episode.status !== 'published') {
    if (before) await deps.documents.remove('episode', episodeId, before.show.id);
    return;
  }
  const show = await deps.documents.get<ShowDocument>('show', episode.podcast);
  const language = show?.language ?? (await deps.catalog.show(episode.podcast))?.language;
  if (!language) return;
  await storeEpisode(deps, episode, language, before);
}

export async function removeEpisode(deps: DocumentDeps, episodeId: string, showId: string): Promise<void> {
  await deps.documents.remove('episode', episodeId, showId);
}
