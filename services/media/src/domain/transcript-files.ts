import type { Readable } from 'node:stream';
import { AppError, badRequest } from '@podz/kit';
import { TRANSCRIPT_LIMITS } from '@podz/proto';
import type { MediaPorts } from './media-ports';

const TYPES = { vtt: 'text/vtt; charset=utf-8', json: 'application/json' } as const;

/**
 * One file of a transcript revision, as catalog hands it over once it has read the captions:
 * kept under `transcripts/` beside the audio, where `/media/transcripts/` serves it. Each
 * revision has names of its own, so writing one again (a retry) writes the same bytes.
 */
export async function storeTranscriptFile(
  deps: Pick<MediaPorts, 'blobs'>,
  file: string,
  body: Readable,
  declaredBytes: number | undefined,
): Promise<void> {
  if (declaredBytes === undefined) throw badRequest('Send the file with its Content-Length');
  if (declaredBytes > TRANSCRIPT_LIMITS.storedBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `A transcript file has at most ${TRANSCRIPT_LIMITS.storedBytes} bytes`,
    );
  }
  const extension = file.endsWith('.vtt') ? 'vtt' : 'json';
  await deps.blobs.put(`transcripts/${file}`, body, TYPES[extension]);
}

/** A replaced or removed revision's file; one already gone is no error. */
export async function removeTranscriptFile(deps: Pick<MediaPorts, 'blobs'>, file: string): Promise<void> {
  await deps.blobs.delete(`transcripts/${file}`);
}
