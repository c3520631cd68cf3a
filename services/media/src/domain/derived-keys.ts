import { renditionFileName, uploadIdOfFile } from '@podz/proto';

/**
 * Where the pipeline keeps what it makes of an upload, by the upload's id: the same keys on every
 * attempt, so a job run again after its worker died overwrites its own leftovers.
 */
export function derivedKeys(id: string) {
  return {
    /** The house-format rendition, served beside the original at `/media/audio/<id>.house.mp3`. */
    rendition: `audio/${renditionFileName(id)}`,
    waveform: `waveforms/${id}.json`,
    /** Its frames' byte offsets (little-endian 32-bit): for cutting and joining without decoding. */
    frames: `frames/${id}.bin`,
  };
}

/** The upload id of a rendition's file name under `/media/audio/`, if it is one. */
export function renditionOf(file: string): string | undefined {
  const id = uploadIdOfFile(file);
  return id && file === renditionFileName(id) ? id : undefined;
}
