import type { Episode } from '@podz/proto';
import { freshView, isFresh } from './fresh-view';
import { documentKey, type EpisodeDocument, type ShowDocument } from '../data/search-document';
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
  await deps.documents.putMany(await episodeEntries(deps, episodes, language, before));
}

/** What `storeEpisodes` stores: each episode's document, with its cues where its transcript changed. */
function episodeEntries(
  deps: DocumentDeps,
  episodes: Episode[],
  language: string,
  before: (EpisodeDocument | null)[],
) {
  return Promise.all(
    episodes.map(async (episode, n) => {
      const doc = episodeDocument(episode, language);
      const changed =
        doc.transcriptRevision !== null && doc.transcriptRevision !== before[n]?.transcriptRevision;
      const cues =
        changed && episode.transcript ? await deps.catalog.cues(episode.transcript.jsonUrl) : undefined;
      return { doc, cues };
    }),
  );
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
    await dropPublicDocument(deps, episodeId, before);
    return;
  }
  const show = await deps.documents.get<ShowDocument>('show', episode.podcast);
  const language = await languageOf(deps, episode.podcast, show);
  if (!language) return;
  await storeEpisodes(deps, [episode], language, [before]);
}

/** An episode no longer public: a managers' document stays until an event says otherwise; a deletion removes it. */
async function dropPublicDocument(deps: DocumentDeps, episodeId: string, before: EpisodeDocument | null) {
  if (before && !before.managers) await deps.documents.remove('episode', episodeId, before.show.id);
}

/** A show's language, as stored or else as catalog answers it publicly. */
async function languageOf(deps: DocumentDeps, showId: string, stored: ShowDocument | null) {
  return stored?.language ?? (await deps.catalog.show(showId))?.language;
}

/**
 * `refreshEpisode` for many episodes at once (a run of events while catching up), each with its
 * latest event's time: catalog is read a hundred at a time and the store once, and every episode
 * stored in one write. An answer older than its event is read again alone, as
 * `refreshEpisode` would; so is everything when catalog does not know the batch read.
 */
export async function refreshEpisodes(deps: DocumentDeps, wanted: ReadonlyMap<string, Date>): Promise<void> {
  const asked = [...wanted];
  const [answered, kept] = await Promise.all([
    deps.catalog.episodes(asked.map(([id]) => id)),
    deps.documents.many(asked.map(([id]) => documentKey('episode', id))),
  ]);
  const alone: [string, Date][] = [];
  const byShow = new Map<string, { episodes: Episode[]; before: (EpisodeDocument | null)[] }>();
  for (const [n, [id, changedAt]] of asked.entries()) {
    const before = kept[n] as EpisodeDocument | null;
    const episode = answered?.get(id);
    if (!answered || (episode && !isFresh(episode, changedAt))) {
      alone.push([id, changedAt]);
    } else if (!episode || episode.status !== 'published') {
      await dropPublicDocument(deps, id, before);
    } else {
      const ofShow = byShow.get(episode.podcast) ?? { episodes: [], before: [] };
      ofShow.episodes.push(episode);
      ofShow.before.push(before);
      byShow.set(episode.podcast, ofShow);
    }
  }
  const showsAsked = [...byShow];
  const shows = await deps.documents.many(showsAsked.map(([showId]) => documentKey('show', showId)));
  // One transaction for the whole run: while catching up, consecutive events are of many shows.
  const entries = [];
  for (const [n, [showId, { episodes, before }]] of showsAsked.entries()) {
    const language = await languageOf(deps, showId, shows[n] as ShowDocument | null);
    if (language) entries.push(...(await episodeEntries(deps, episodes, language, before)));
  }
  await deps.documents.putMany(entries);
  for (const [id, changedAt] of alone) await refreshEpisode(deps, id, changedAt);
}

export async function removeEpisode(deps: DocumentDeps, episodeId: string, showId: string): Promise<void> {
  await deps.documents.remove('episode', episodeId, showId);
}
