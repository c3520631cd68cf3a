import { z } from 'zod';
import { LANGUAGE_PATTERN } from './catalog-fields';

/**
 * Transcripts: one per episode, uploaded as WebVTT or SRT, written in the browser, or (later) made by
 * a transcriber. Whatever the source, catalog keeps it normalised as WebVTT plus the Podcast
 * Namespace's JSON transcript, both under `/media/transcripts/`.
 */
export const TRANSCRIPT_LIMITS = {
  /** About four hours of speech with its timings; a file over it is a 413. */
  bytes: 1024 * 1024,
  cues: 20_000,
  /** One cue's text, after tags are removed. */
  cueChars: 2_000,
  speakerChars: 100,
  /** Either file a transcript is kept as (its WebVTT or its JSON), as catalog hands it to media. */
  storedBytes: 8 * 1024 * 1024,
} as const;

/** `automatic` is reserved for a transcriber plugged in later; nothing writes it yet. */
export const TRANSCRIPT_SOURCES = ['upload', 'editor', 'automatic'] as const;
export type TranscriptSource = (typeof TRANSCRIPT_SOURCES)[number];

/** What an episode answer says of its transcript (`null` when it has none). */
export const transcriptInfoSchema = z.object({
  /** The normalised WebVTT (`text/vtt`). */
  url: z.string(),
  /** The same cues as the Podcast Namespace JSON transcript (`application/json`). */
  jsonUrl: z.string(),
  language: z.string(),
  cues: z.number().int().min(1),
  source: z.enum(TRANSCRIPT_SOURCES),
  updatedAt: z.string(),
});
export type TranscriptInfo = z.infer<typeof transcriptInfoSchema>;

export const transcriptLanguageSchema = z
  .string()
  .regex(LANGUAGE_PATTERN, { error: 'language must be a language code such as en or pt-BR' });

/**
 * `POST /api/episodes/{id}/transcript` (a file: multipart, field `file`) and `PUT` of the same path
 * (the editor's text as the body, `text/vtt` or `text/plain`), for the show's owner or an admin:
 * WebVTT or SRT either way, at most 1 MB. The query names the language (the show's when absent).
 */
export const transcriptQuerySchema = z.object({ language: transcriptLanguageSchema.optional() });

/** One cue of the JSON transcript (Podcast Namespace `transcripts` JSON, version 1.0.0). */
export const transcriptSegmentSchema = z.object({
  startTime: z.number(),
  endTime: z.number(),
  body: z.string(),
  speaker: z.string().optional(),
});
export const transcriptJsonSchema = z.object({
  version: z.literal('1.0.0'),
  segments: z.array(transcriptSegmentSchema),
});
export type TranscriptJson = z.infer<typeof transcriptJsonSchema>;

/**
 * `PUT` and `DELETE /transcripts/{file}` on media (service to service, not in the gateway's table):
 * one file of a transcript revision, `{episodeId}-{revision}.vtt` or `.json`.
 */
export const transcriptFileParamsSchema = z.object({
  file: z.string().regex(/^[0-9a-f]{24}-[0-9a-f]{24}\.(vtt|json)$/, { error: 'Not a transcript file' }),
});
