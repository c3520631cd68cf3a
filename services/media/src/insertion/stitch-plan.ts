import type { Part } from '@podz/kit/blobs';
import { AUDIO_HOUSE } from '@podz/proto';
import { SAMPLES_PER_FRAME } from '../audio/mp3-frames';
import { infoFrame, INFO_FRAME_BYTES } from '../audio/info-frame';

/** A stored house-format file of frames alone (a rendition): its key, bytes and frame count. */
export interface HouseAudio {
  key: string;
  bytes: number;
  frames: number;
}

/** Audio put into the content before one of its frames. */
export interface Insertion {
  /** The content frame it goes before: 0 for a pre-roll, the content's frame count for a post-roll. */
  atFrame: number;
  /** That frame's first byte in the content (its `bytes` at the end). */
  atByte: number;
  audio: HouseAudio;
}

/** Where an insertion sits in the joined file. */
export interface Placed {
  /** The content frame it was put before (the break's). */
  atFrame: number;
  /** Where it starts on the content's own timeline, and on the joined file's (ms). */
  contentAtMs: number;
  atMs: number;
  durationMs: number;
  /** Its bytes in the joined file's body (after the tag), `end` exclusive. */
  start: number;
  end: number;
}

export interface StitchedAudio {
  /** The body after the tag: the Info frame, then content slices and inserted files in turn. */
  parts: Part[];
  bytes: number;
  /** Audio frames, the Info frame not counted. */
  frames: number;
  placed: Placed[];
}

/** Milliseconds of `frames` house-format frames. */
export const framesMs = (frames: number) => (frames * SAMPLES_PER_FRAME * 1000) / AUDIO_HOUSE.sampleRate;

/** The content frame nearest `seconds`, within the content. */
export const frameAt = (seconds: number, frames: number) =>
  Math.min(frames, Math.max(0, Math.round((seconds * AUDIO_HOUSE.sampleRate) / SAMPLES_PER_FRAME)));

/**
 * The content with each insertion joined in before its frame, at frame boundaries only (the house
 * format keeps no bytes in a bit reservoir, so every frame decodes on its own and nothing is
 * encoded again), behind an Info frame that gives players the whole's frames and bytes. Nothing is
 * read: the parts are slices of the stored files, which a range reads from only where it falls.
 */
export function stitchPlan(content: HouseAudio, insertions: readonly Insertion[]): StitchedAudio {
  const order = [...insertions].sort((a, b) => a.atFrame - b.atFrame);
  const body: Part[] = [];
  const placed: Placed[] = [];
  let fromByte = 0;
  let at = INFO_FRAME_BYTES;
  let insertedFrames = 0;
  for (const insertion of order) {
    if (insertion.atByte > fromByte) {
      body.push({ key: content.key, start: fromByte, size: insertion.atByte - fromByte });
      at += insertion.atByte - fromByte;
      fromByte = insertion.atByte;
    }
    body.push({ key: insertion.audio.key, size: insertion.audio.bytes });
    placed.push({
      atFrame: insertion.atFrame,
      contentAtMs: framesMs(insertion.atFrame),
      atMs: framesMs(insertion.atFrame + insertedFrames),
      durationMs: framesMs(insertion.audio.frames),
      start: at,
      end: at + insertion.audio.bytes,
    });
    at += insertion.audio.bytes;
    insertedFrames += insertion.audio.frames;
  }
  if (content.bytes > fromByte)
    body.push({ key: content.key, start: fromByte, size: content.bytes - fromByte });
  const frames = content.frames + insertedFrames;
  const audioBytes = content.bytes + order.reduce((sum, one) => sum + one.audio.bytes, 0);
  return {
    parts: [{ bytes: infoFrame({ frames, bytes: audioBytes }) }, ...body],
    bytes: INFO_FRAME_BYTES + audioBytes,
    frames,
    placed,
  };
}

/**
 * A time on the content's own timeline (seconds), on the joined file's: later by everything
 * inserted at or before it, so a chapter that starts at a break starts after what was put there.
 */
export function joinedSeconds(contentSeconds: number, placed: readonly Placed[]): number {
  const added = placed
    .filter((one) => one.contentAtMs <= contentSeconds * 1000 + 0.5)
    .reduce((sum, one) => sum + one.durationMs, 0);
  return contentSeconds + added / 1000;
}

/**
 * The end of a stretch of the content (a caption) on the joined file's timeline: later by what was
 * inserted before it, but not by a break right at its end, which plays after it.
 */
export function joinedEndSeconds(contentSeconds: number, placed: readonly Placed[]): number {
  const added = placed
    .filter((one) => one.contentAtMs < contentSeconds * 1000 - 0.5)
    .reduce((sum, one) => sum + one.durationMs, 0);
  return contentSeconds + added / 1000;
}
