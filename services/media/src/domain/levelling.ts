import { levelsAudio } from '@podz/proto';
import type { MediaRecord } from '../data/media-models';
import { derivedKeys } from './derived-keys';
import type { MediaPorts } from './media-ports';

const AUDIO_DIR = 'audio/';

/**
 * Whether an upload's rendition is levelled to the network's target: unless the show of the episode
 * playing it (under its original name or its rendition's) turned levelling off. A file no episode
 * plays yet is levelled, as new shows are.
 */
export async function levelsUpload(
  deps: Pick<MediaPorts, 'copies'>,
  record: Pick<MediaRecord, 'id' | 'key'>,
): Promise<boolean> {
  const names = [
    record.key.slice(AUDIO_DIR.length),
    derivedKeys(record.id).rendition.slice(AUDIO_DIR.length),
  ];
  for (const name of names) {
    const episode = await deps.copies.episodeWithAudio(name);
    if (episode) return levelsAudio(await deps.copies.show(episode.podcastId));
  }
  return true;
}

/**
 * Queues an upload's processing again when its rendition's levelling no longer matches its show's
 * switch (the episode moved to another show, or the owner flipped it). True when it was queued.
 * A file still queued or running is left to its job, which reads the switch when it starts.
 */
export async function relevelIfChanged(
  deps: Pick<MediaPorts, 'copies' | 'library'>,
  uploadId: string,
): Promise<boolean> {
  const record = await deps.library.findById(uploadId);
  const rendition = record?.processed?.rendition;
  if (!record || !rendition) return false;
  const levelled = rendition.targetLufs !== null;
  if (levelled === (await levelsUpload(deps, record))) return false;
  return deps.library.processAgain(uploadId);
}
