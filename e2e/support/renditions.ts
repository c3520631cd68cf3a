import type { ApiActor } from './api-actor';

/** An episode and the upload it plays, by the ids the API gave. */
export interface UploadedEpisode {
  id: string;
  audioId: string;
}

/** Where one upload's processing stands, as its owner reads it. */
async function processingOf(owner: ApiActor, audioId: string): Promise<string> {
  const item = await owner.json(`/api/media/${audioId}`);
  const processing = item.body.audio?.processing as
    { state: string; stage: string | null; percent: number; error: string | null } | undefined;
  if (!processing) return `no processing (${item.status})`;
  if (processing.state === 'failed') return `failed: ${processing.error ?? 'no reason given'}`;
  return `${processing.state}${processing.stage ? ` ${processing.stage}` : ''} ${processing.percent}%`;
}

/**
 * Waits until every episode plays its upload's house rendition. A job that fails ends the wait at
 * once with its reason, and a wait that runs out names where each job stood, so a slow machine and
 * a broken pipeline read differently.
 */
export async function untilOnRenditions(
  owner: ApiActor,
  episodes: UploadedEpisode[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const waiting: UploadedEpisode[] = [];
    for (const episode of episodes) {
      const answer = await owner.json(`/api/episodes/${episode.id}`);
      if (answer.body.audio?.url !== `/media/audio/${episode.audioId}.house.mp3`) waiting.push(episode);
    }
    if (waiting.length === 0) return;
    const states = await Promise.all(waiting.map((episode) => processingOf(owner, episode.audioId)));
    const failed = states.find((state) => state.startsWith('failed'));
    if (failed) throw new Error(`an upload's processing ${failed}`);
    if (Date.now() > deadline) {
      throw new Error(
        `${waiting.length} episode(s) not on their rendition after ${timeoutMs / 1000} s: ${states.join('; ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
