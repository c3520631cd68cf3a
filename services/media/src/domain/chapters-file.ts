import { notFound } from '@podz/kit';
import type { ChaptersFile } from '@podz/proto';
import type { MediaPorts } from './media-ports';

/**
 * The JSON chapters file of a public episode, as apps fetch it from the feed's `podcast:chapters`:
 * rendered from media's copy of the episode, which catalog's events keep (an edit shows here once
 * media has its event, well within the minutes apps are told to keep the file).
 */
export async function chaptersFile(
  deps: Pick<MediaPorts, 'copies'>,
  episodeId: string,
  now = new Date(),
): Promise<ChaptersFile> {
  const episode = await deps.copies.episode(episodeId);
  const show = episode ? await deps.copies.show(episode.podcastId) : null;
  const isPublic =
    episode?.status === 'published' && episode.publishedAt <= now && show?.status === 'published';
  if (!isPublic) throw notFound('Episode');
  if (!episode.chapters?.length) throw notFound('Chapters');
  return { version: '1.2.0', chapters: episode.chapters };
}
