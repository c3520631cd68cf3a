import { notFound } from '@podz/kit';
import type { ChaptersFile } from '@podz/proto';
import { joinedSeconds, type Placed } from '../insertion/stitch-plan';
import type { MediaPorts } from './media-ports';

/**
 * The JSON chapters file of a public episode, as apps fetch it from the feed's `podcast:chapters`:
 * rendered from media's copy of the episode, which catalog's events keep (an edit shows here once
 * media has its event, well within the minutes apps are told to keep the file). With audio inserted
 * for the listener (`inserted`), its times are on their file's timeline.
 */
export async function chaptersFile(
  deps: Pick<MediaPorts, 'copies'>,
  episodeId: string,
  inserted: readonly Placed[] = [],
  now = new Date(),
): Promise<ChaptersFile> {
  const episode = await deps.copies.episode(episodeId);
  const show = episode ? await deps.copies.show(episode.podcastId) : null;
  const isPublic =
    episode?.status === 'published' && episode.publishedAt <= now && show?.status === 'published';
  if (!isPublic) throw notFound('Episode');
  if (!episode.chapters?.length) throw notFound('Chapters');
  // A listener whose audio has inserts hears each chapter later by what was put before it.
  const chapters = episode.chapters.map((chapter) => ({
    ...chapter,
    startTime: joinedSeconds(chapter.startTime, inserted),
  }));
  return { version: '1.2.0', chapters };
}
