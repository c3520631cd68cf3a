/**
 * Where the pipeline keeps what it makes of an upload, by the upload's id: the same keys on every
 * attempt, so a job run again after its worker died overwrites its own leftovers.
 */
export function derivedKeys(id: string) {
  return {
    /** The house-format rendition, served beside the original at `/media/audio/<id>.house.mp3`. */
    rendition: `audio/${id}.house.mp3`,
    waveform: `waveforms/${id}.json`,
    /** Its frames' byte offsets (little-endian 32-bit): for cutting and joining without decoding. */
    frames: `frames/${id}.bin`,
  };
}

/** The upload id of a rendition's file name under `/media/audio/`, if it is one. */
export function renditionOf(file: string): string | undefined {
  return /^([0-9a-f]{24})\.house\.mp3$/.exec(file)?.[1];
}
