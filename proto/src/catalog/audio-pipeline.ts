import { z } from 'zod';

/**
 * The house format every uploaded episode is rendered to, and the loudness it is levelled to:
 * stereo MP3 at one constant bitrate and 44.1 kHz, so renditions and (later) inserted creatives
 * join at frame boundaries. Apple's delivery spec: about -16 LUFS integrated for stereo, -19 for
 * mono (a mono source is levelled as mono, then carried on both channels: -16 as the stereo file
 * measures it), true peak at most -1 dBTP.
 */
export const AUDIO_HOUSE = {
  sampleRate: 44_100,
  channels: 2,
  bitrateKbps: 128,
  /** The network's target when admins set none (stereo; `audioSettingsSchema`). */
  targetLufsStereo: -16,
  /** A mono file is levelled this far below the stereo target (Apple: -19 beside -16). */
  monoOffsetLu: 3,
  /** The targets admins may choose, LUFS: from broadcast's -24 to streaming's loudest. */
  targetLufsMin: -24,
  targetLufsMax: -12,
  truePeakDb: -1,
  /** Waveform points at most per file (min and max each). */
  waveformPoints: 4000,
  /** Break candidates kept per file, longest silences first. */
  silencesMax: 400,
} as const;

/**
 * Files under `/media/` are named by the upload they come from: `<id>.mp3` as uploaded, `<id>.house.mp3`
 * its rendition, `<id>.png` an image. The upload a file name belongs to, if it is one of them.
 */
export function uploadIdOfFile(name: string): string | undefined {
  return /^([0-9a-f]{24})\.(?:house\.)?[a-z0-9]+$/.exec(name)?.[1];
}

/** The file name of an upload's house-format rendition, under `/media/audio/`. */
export const renditionFileName = (uploadId: string) => `${uploadId}.house.mp3`;

/** Whether a show levels its audio: a show recorded before the switch existed does, as new shows do. */
export const levelsAudio = (show: { levelAudio?: boolean | null } | null | undefined) =>
  show?.levelAudio !== false;

/** Where a processing job is (kit's job states). */
export const audioJobStateSchema = z.enum(['queued', 'running', 'done', 'failed']);

/** A file's processing, as its owner watches it. */
export const audioProcessingSchema = z.object({
  state: audioJobStateSchema,
  /** `measuring`, `levelling`, `storing`; null while queued and once finished. */
  stage: z.string().nullable(),
  percent: z.number().min(0).max(100),
  /** Why it failed, for the owner (a corrupt file, an unsupported codec). */
  error: z.string().nullable(),
});
export type AudioProcessing = z.infer<typeof audioProcessingSchema>;

/** EBU R128, as ffmpeg's loudnorm measures it. */
export const loudnessSchema = z.object({
  /** Integrated loudness, LUFS. */
  integrated: z.number(),
  /** Loudness range, LU. */
  range: z.number(),
  /** True peak, dBTP. */
  truePeak: z.number(),
});
export type Loudness = z.infer<typeof loudnessSchema>;

/** The house-format file made from an upload: what feeds and players serve once it exists. */
export const audioRenditionSchema = z.object({
  url: z.string(),
  type: z.literal('audio/mpeg'),
  bytes: z.number().int(),
  bitrateKbps: z.number().int(),
  durationSeconds: z.number(),
  /** The loudness it was levelled to (LUFS), or null when it keeps the upload's own. */
  targetLufs: z.number().nullable(),
  /** Its loudness as the levelling pass measured its output. */
  loudness: loudnessSchema,
});
export type AudioRendition = z.infer<typeof audioRenditionSchema>;

/** A stretch of silence, in seconds: a candidate for an ad break. */
export const silenceSchema = z.object({ start: z.number(), end: z.number() });
export type Silence = z.infer<typeof silenceSchema>;

/** What the pipeline knows of an audio upload (null fields until its job has done them). */
export const audioFactsSchema = z.object({
  processing: audioProcessingSchema,
  /** The upload's own loudness. */
  loudness: loudnessSchema.nullable(),
  rendition: audioRenditionSchema.nullable(),
  /** audiowaveform's JSON (version 2, 8 bits, one channel): min and max per point. */
  waveformUrl: z.string().nullable(),
  silences: z.array(silenceSchema),
});
export type AudioFacts = z.infer<typeof audioFactsSchema>;

/** The waveform file's shape (audiowaveform's JSON format, version 2). */
export const waveformSchema = z.object({
  version: z.literal(2),
  channels: z.literal(1),
  sample_rate: z.number().int(),
  samples_per_pixel: z.number().int(),
  bits: z.literal(8),
  length: z.number().int(),
  data: z.array(z.number().int().min(-128).max(127)),
});
export type Waveform = z.infer<typeof waveformSchema>;

const targetLufsSchema = z
  .number({ error: 'targetLufs must be a number' })
  .min(AUDIO_HOUSE.targetLufsMin, { error: `targetLufs must be at least ${AUDIO_HOUSE.targetLufsMin}` })
  .max(AUDIO_HOUSE.targetLufsMax, { error: `targetLufs must be at most ${AUDIO_HOUSE.targetLufsMax}` })
  .multipleOf(0.5, { error: 'targetLufs must be a whole or half LUFS' });

/**
 * The network's loudness target (`GET`/`PUT /api/media/audio-settings`): stereo renditions of shows
 * that level are brought to it, mono ones `monoOffsetLu` below. Files already rendered keep theirs.
 */
export const audioSettingsSchema = z.object({
  targetLufs: targetLufsSchema,
  /** What mono files are levelled to: `targetLufs - monoOffsetLu`. */
  targetLufsMono: z.number(),
  truePeakDb: z.number(),
});
export type AudioSettings = z.infer<typeof audioSettingsSchema>;

/** `PUT /api/media/audio-settings` (admins). */
export const audioSettingsBodySchema = z.strictObject({ targetLufs: targetLufsSchema });
