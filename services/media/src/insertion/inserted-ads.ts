import type { DirectRequest } from '@podz/kit';
import { isPremiumNow, type InsertedAds } from '@podz/proto';
import type { AudioAttributions } from '../domain/audio-attribution';
import type { DownloadInsertion } from './download-insertion';
import { placedFills, type Insertion } from './insertion-plan';

/**
 * `GET /media/inserted/{file}`: what the asking listener's file of `file` carries, on its timeline
 * (the decision their audio request gets: the same listener, the same day). Premium audio, a file
 * no episode plays and a plain download carry nothing.
 */
export async function insertedAds(
  ports: { attributions: Pick<AudioAttributions, 'of'>; insertion: Pick<DownloadInsertion, 'of'> },
  req: DirectRequest,
  file: string,
  at = new Date(),
): Promise<InsertedAds> {
  const attribution = await ports.attributions.of(file);
  if (!attribution || isPremiumNow(attribution.premium ?? null, at.getTime())) return { ads: [] };
  const download = await ports.insertion.of(req, file, false, at);
  return { ads: download.insertion ? adsOnTimeline(download.insertion) : [] };
}

/** Each fill's creative where it plays in the joined file, in seconds. */
export function adsOnTimeline(insertion: Insertion): InsertedAds['ads'] {
  return placedFills(insertion).map(({ fill, placed }) => ({
    campaignId: fill.campaignId,
    creativeId: fill.creativeId,
    position: fill.position,
    startSeconds: placed.atMs / 1000,
    endSeconds: (placed.atMs + placed.durationMs) / 1000,
  }));
}
