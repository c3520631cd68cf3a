import { notFound } from '@podz/kit';
import type { ChaptersFile } from '@podz/proto';
import type { CatalogDeps } from '../catalog-deps';
import { visibleEpisode } from './episode-queries';
import { chapterView } from '../views';

/** The JSON chapters file of a public episode, as apps fetch it from the feed's `podcast:chapters`. */
export async function chaptersFile(
  deps: Pick<CatalogDeps, 'episodes' | 'podcasts'>,
  episodeId: string,
): Promise<ChaptersFile> {
  const { episode } = await visibleEpisode(deps, undefined, episodeId);
  if (!episode.chapters?.length) throw notFound('Chapters');
  return { version: '1.2.0', chapters: episode.chapters.map(chapterView) };
}
