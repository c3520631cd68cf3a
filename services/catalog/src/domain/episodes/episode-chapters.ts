import { type AuthUser, badRequest, notFound, pendingEvent } from '@podz/kit';
import {
  episodeUpdated,
  type Chapter,
  type ChaptersBody,
  type ChapterSource,
  type Episode,
} from '@podz/proto';
import type { EpisodeRecord, StoredChapter } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { episodeState, managedEpisode } from './episode-rules';
import { placeEpisode } from './place-episode';
import { chapterView, episodeView, showSummary } from '../views';

/**
 * `PUT /api/episodes/{id}/chapters`: the whole list from a chapters file or the editor, sorted by
 * start. Two chapters at the same second, or one after the audio ends, are refused by index.
 */
export async function setChapters(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  user: AuthUser,
  id: string,
  body: ChaptersBody,
): Promise<Episode> {
  const { episode, podcast } = await managedEpisode(deps, user, id);
  const chapters = checkedChapters(body.chapters, episode.audio.durationSeconds ?? 0);
  const updated = await deps.episodes.change(
    id,
    { chapters, chaptersSource: chapters.length ? body.source : null },
    [pendingEvent(episodeUpdated, id, episodeState({ ...episode, chapters }, id))],
  );
  if (!updated) throw notFound('Episode');
  await placeEpisode(deps, updated);
  return episodeView(updated, showSummary(podcast));
}

function checkedChapters(chapters: Chapter[], durationSeconds: number): Chapter[] {
  const indexed = chapters.map((chapter, index) => ({ chapter, index }));
  indexed.sort((a, b) => a.chapter.startTime - b.chapter.startTime);
  const problems: { path: string; message: string }[] = [];
  indexed.forEach(({ chapter, index }, position) => {
    const before = indexed[position - 1];
    if (before && before.chapter.startTime === chapter.startTime) {
      problems.push({
        path: `chapters.${index}.startTime`,
        message: `starts at the same time as chapter ${before.index + 1}`,
      });
    }
    if (durationSeconds > 0 && chapter.startTime >= durationSeconds) {
      problems.push({
        path: `chapters.${index}.startTime`,
        message: `starts after the audio ends (${Math.floor(durationSeconds)} s)`,
      });
    }
  });
  if (problems.length) throw badRequest('Some chapters do not fit the episode', problems);
  return indexed.map(({ chapter }) => chapter);
}

/**
 * The chapters an episode takes with new audio: those in the audio's tag, unless its chapters were
 * set by hand (a file or the editor), which stay.
 */
export function chaptersWithAudio(
  episode: Pick<EpisodeRecord, 'chapters' | 'chaptersSource'> | undefined,
  audio: { chapters?: StoredChapter[] | null },
): { chapters: Chapter[]; chaptersSource: ChapterSource | null } | undefined {
  const source = episode?.chaptersSource;
  if (source === 'file' || source === 'editor') return undefined;
  const chapters = (audio.chapters ?? []).map(chapterView);
  return { chapters, chaptersSource: chapters.length ? 'audio' : null };
}
