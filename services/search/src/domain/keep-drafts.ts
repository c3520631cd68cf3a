import type { episodeCreated, EventData, podcastCreated } from '@podz/proto';
import type { EpisodeDocument, ShowDocument } from '../data/search-document';
import type { DocumentDeps } from './search-deps';

/**
 * A show that is not public (draft, scheduled, archived) is kept for its managers from what its
 * event says: its name, so they find it as they type; never its description or people, which
 * catalog shows no visitor. Its public episodes leave the public index with it.
 */
export async function keepDraftShow(deps: DocumentDeps, state: ShowState): Promise<void> {
  const before = await deps.documents.get<ShowDocument>('show', state.podcastId);
  if (before && !before.managers) {
    for (const id of await deps.documents.episodesOfShow(state.podcastId)) {
      await deps.documents.remove('episode', id, state.podcastId);
    }
  }
  await deps.documents.put({
    kind: 'show',
    id: state.podcastId,
    uId: state.uId,
    name: state.name,
    description: '',
    logoPath: state.logoPath,
    category: state.category,
    language: before?.language ?? '',
    followerCount: before?.followerCount ?? 0,
    people: [],
    ownerId: state.ownerId,
    status: state.status,
    managers: [state.ownerId],
  });
}

/**
 * A draft or scheduled episode is kept for its show's managers from what its event says. Its show
 * names them: the stored show (public or not), else catalog's public view of it. An episode of a
 * show search has not seen at all yet is left to its next event.
 */
export async function keepDraftEpisode(deps: DocumentDeps, state: EpisodeState): Promise<void> {
  const stored = await deps.documents.get<ShowDocument>('show', state.podcastId);
  const show = stored?.ownerId ? stored : await publicShow(deps, state.podcastId);
  if (!show?.ownerId) return;
  const doc: EpisodeDocument = {
    kind: 'episode',
    id: state.episodeId,
    title: state.title,
    description: '',
    show: { id: show.id, uId: show.uId, name: show.name, logoPath: show.logoPath },
    categories: [],
    language: show.language,
    publishedAt: state.publishedAt,
    guests: [],
    transcriptRevision: null,
    status: state.status,
    managers: [show.ownerId],
  };
  await deps.documents.put(doc);
}

async function publicShow(deps: DocumentDeps, podcastId: string) {
  const podcast = await deps.catalog.show(podcastId);
  return podcast ? { ...podcast, ownerId: podcast.owner.id } : null;
}

/** What a show's event says of it (catalog's podcast events carry its state). */
export type ShowState = EventData<typeof podcastCreated>;

/** What an episode's event says of it, when it is not public. */
export type EpisodeState = EventData<typeof episodeCreated> & { status: 'draft' | 'scheduled' };
