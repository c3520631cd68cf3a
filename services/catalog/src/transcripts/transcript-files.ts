import { Readable } from 'node:stream';
import type { BlobStore } from '@podz/kit/blobs';
import { toTranscriptJson, toWebVtt, type Cue } from './captions';

/**
 * The transcript store: a transcript's two files in the blob store, beside the audio. Each revision
 * gets names of its own (`transcripts/{episode}-{revision}`), so a URL never changes content and
 * both files are served as immutable. Whatever makes the cues (an upload, the editor, or a
 * transcriber plugged in later) hands them to `writeTranscriptFiles`.
 */

export const transcriptUrls = (key: string) => ({ url: `/media/${key}.vtt`, jsonUrl: `/media/${key}.json` });

export async function writeTranscriptFiles(store: BlobStore, key: string, cues: Cue[]): Promise<void> {
  await store.put(`${key}.vtt`, Readable.from([Buffer.from(toWebVtt(cues))]), 'text/vtt; charset=utf-8');
  try {
    await store.put(
      `${key}.json`,
      Readable.from([Buffer.from(JSON.stringify(toTranscriptJson(cues)))]),
      'application/json',
    );
  } catch (err) {
    await store.delete(`${key}.vtt`).catch(() => undefined);
    throw err;
  }
}

/** Removes a revision's files; a failure leaves an orphan that nothing links to, so it is only logged. */
export async function deleteTranscriptFiles(store: BlobStore, key: string): Promise<void> {
  await Promise.all([store.delete(`${key}.vtt`), store.delete(`${key}.json`)]);
}
