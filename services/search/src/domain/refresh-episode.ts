import type { Episode } from '@podz/proto';
import { freshView } from './fresh-view';
import type { EpisodeDocument, ShowDocument } from '../data/search-document';
import { episodeDocument } from './search-documents';
import type { DocumentDeps } from './search-deps';

/**
 * Stores episodes as catalog answers them publicly (`before`: what is stored of each), their
 * transcripts' cues read again only where the transcript changed. `language` is their show's.
 */
export async function storeEpisodes(
  deps: DocumentDeps,
  episodes: Episode[],
  language: string,
  before: (EpisodeDocument | null)[],
): Promise<void> {
  const entries = await Promise.all(
    episodes.map(async (episode, n) => {
      const doc = episodeDocument(episode, language);
      const changed =
        doc.transcriptRevision !== null && doc.transcriptRevision !== before[n]?.transcriptRevision;
      const cues =
        changed && episode.transcript ? await deps.catalog.cues(episode.transcript.jsonUrl) : undefined;
      return { doc, cues };
    }),
  );
  await deps.documents.putMany(entries);
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
    // A managers' document stays until an event says otherwise; a deletion removes it.
    if (before && !before.managers) await deps.documents.remove('episode', episodeId, before.show.id);
    return;
  }
  const show = await deps.documents.get<ShowDocument>('show', episode.podcast);
  const language = show?.language ?? (await deps.catalog.show(episode.podcast))?.language;
  if (!language) return;
  await storeEpisodes(deps, [episode], language, [before]);
}

export async function removeEpisode(deps: DocumentDeps, episodeId: string, showId: string): Promise<void> {
  await deps.documents.remove('episode', episodeId, showId);
}
