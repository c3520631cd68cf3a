import { NO_PREMIUM, premiumWindow, type PremiumWindow } from '@podz/proto';
import type { CatalogCopies, EpisodeCopy, ShowCopy } from '../data/catalog-copies';

/** Whose listen a request for an audio file is, and who may hear it. */
export interface AudioOwner {
  show: string;
  episode: string;
  /** When the episode went out, in milliseconds. */
  published: number;
  /** Who may hear it while it is premium, until `until` if set; null when it is public. */
  premium: PremiumWindow | null;
  /** The show's owner and confirmed hosts, who hear its premium episodes without a plan. */
  team: string[];
  /** The copies read, for what else a download needs of them (inserted audio). */
  copies: { episode: EpisodeCopy; show: ShowCopy };
}

/**
 * The episode and show an uploaded audio file is (`<id>.<ext>` under `/media/audio/`), from media's
 * copy of catalog: two keyed reads. Null when no episode uses it or its show is not known (deleted,
 * or its events not heard yet).
 */
export async function audioOwner(
  copies: Pick<CatalogCopies, 'episodeWithAudio' | 'show'>,
  file: string,
): Promise<AudioOwner | null> {
  const episode = await copies.episodeWithAudio(file);
  if (!episode) return null;
  const show = await copies.show(episode.podcastId);
  if (!show) return null;
  return {
    show: show._id,
    episode: episode._id,
    published: new Date(episode.publishedAt).getTime(),
    premium: premiumWindow(show.premium ?? NO_PREMIUM, episode.premium),
    team: show.teamIds ?? [show.ownerId],
    copies: { episode, show },
  };
}
