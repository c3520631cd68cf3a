import { AppError, type AuthUser, badRequest, newId, notFound, pendingEvent } from '@podz/kit';
import { episodeUpdated, type Episode, type TranscriptSource } from '@podz/proto';
import { CaptionError, parseCaptions } from '../../transcripts/captions';
import { transcriptTexts } from '../../transcripts/transcript-files';
import type { CatalogDeps } from '../catalog-deps';
import { episodeState, managedEpisode } from './episode-rules';
import { placeEpisode } from './place-episode';
import { episodeView, showSummary } from '../views';

export interface TranscriptInput {
  text: string;
  language?: string;
  source: Exclude<TranscriptSource, 'automatic'>;
}

/**
 * `POST` (a file) and `PUT` (text from the editor) `/api/episodes/{id}/transcript`: the text is
 * read as WebVTT or SRT, its files are written under a new revision, the episode is pointed at
 * them, and the revision it replaces is removed. A text that does not read changes nothing.
 */
export async function saveTranscript(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses' | 'transcriptFiles'>,
  user: AuthUser,
  id: string,
  input: TranscriptInput,
): Promise<Episode> {
  const { episode, podcast } = await managedEpisode(deps, user, id);
  const cues = readCues(input);
  const key = `transcripts/${id}-${newId()}`;
  await deps.transcriptFiles.write(key, transcriptTexts(cues));
  const transcript = {
    key,
    language: input.language ?? podcast.language ?? 'en',
    cues: cues.length,
    source: input.source,
    updatedAt: new Date(),
  };
  const updated = await deps.episodes.change(id, { transcript }, [
    pendingEvent(episodeUpdated, id, episodeState(episode, id)),
  ]);
  if (!updated) {
    await deps.transcriptFiles.remove(key).catch(() => undefined);
    throw notFound('Episode');
  }
  await placeEpisode(deps, updated);
  await dropRevision(deps, episode.transcript?.key);
  return episodeView(updated, showSummary(podcast));
}

/** `DELETE /api/episodes/{id}/transcript`. */
export async function removeTranscript(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses' | 'transcriptFiles'>,
  user: AuthUser,
  id: string,
): Promise<Episode> {
  const { episode, podcast } = await managedEpisode(deps, user, id);
  if (!episode.transcript) return episodeView(episode, showSummary(podcast));
  const updated = await deps.episodes.change(id, { transcript: null }, [
    pendingEvent(episodeUpdated, id, episodeState(episode, id)),
  ]);
  if (!updated) throw notFound('Episode');
  await placeEpisode(deps, updated);
  await dropRevision(deps, episode.transcript.key);
  return episodeView(updated, showSummary(podcast));
}

/** An uploaded file that is not captions at all is a 415; captions with a mistake are a 400. */
function readCues({ text, source }: TranscriptInput) {
  try {
    return parseCaptions(text).cues;
  } catch (err) {
    if (!(err instanceof CaptionError)) throw err;
    if (err.kind === 'unsupported' && source === 'upload') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', err.message);
    }
    throw badRequest(err.message, [{ path: source === 'upload' ? 'file' : 'text', message: err.message }]);
  }
}

async function dropRevision(
  deps: Pick<CatalogDeps, 'logger' | 'transcriptFiles'>,
  key: string | undefined,
): Promise<void> {
  if (!key) return;
  await deps.transcriptFiles
    .remove(key)
    .catch((err: unknown) => deps.logger.warn({ err, key }, 'an old transcript revision was not removed'));
}
