import { z } from 'zod';
import { AD_POSITIONS } from '../ads/campaign-api';
import { objectIdSchema } from '../ids';

/**
 * A record stream: high-volume facts that are not domain events (no envelope, no outbox), sent in
 * batches straight from the serving process and kept for a bounded time (`retentionDays`).
 */
export interface RecordStreamDefinition<TRecord extends z.ZodType = z.ZodType> {
  topic: string;
  source: string;
  description: string;
  partitions: number;
  retentionDays: number;
  record: TRecord;
  example: z.infer<TRecord>;
}

/** What catalog knew about an audio file when it was uploaded: what the IAB byte threshold needs. */
export const listenFileSchema = z.object({
  /** The file's size in bytes. */
  bytes: z.number().int().nonnegative(),
  /** Where the audio starts: the ID3v2 tag's size for MP3 (0 when there is none or it is unknown). */
  offset: z.number().int().nonnegative(),
  /** The audio's duration in seconds (0 when unknown). */
  seconds: z.number().nonnegative(),
});
export type ListenFile = z.infer<typeof listenFileSchema>;

/** A 128-bit keyed hash in base64url: the only trace of a client address that leaves catalog. */
const listenerHashSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, { error: 'a 22-character base64url hash' });

/** The most creatives one file carries (a pre-roll, the mid-rolls, a post-roll). */
export const LISTEN_ADS_MAX = 10;

/**
 * A creative joined into the file this response was cut from: which campaign's, at which break,
 * and its bytes in that listener's file (`end` exclusive). Analytics counts it delivered once every
 * one of those bytes reached the listener.
 */
export const listenAdSchema = z.object({
  campaign: objectIdSchema,
  creative: objectIdSchema,
  position: z.enum(AD_POSITIONS),
  start: z.number().int().nonnegative(),
  end: z.number().int().positive(),
});
export type ListenAd = z.infer<typeof listenAdSchema>;

export const LISTEN_KINDS = ['audio', 'feed'] as const;

export const listenRecordSchema = z.object({
  /** Unique per request: lets a check compare what was delivered with what was counted. */
  id: z.string().min(8).max(40),
  /** `audio`: an episode's file; `feed`: a show's RSS feed. */
  kind: z.enum(LISTEN_KINDS),
  /** When the response ended (ms since the epoch, UTC). */
  at: z.number().int().nonnegative(),
  method: z.enum(['GET', 'HEAD']),
  status: z.number().int().min(100).max(599),
  show: objectIdSchema,
  /** The episode whose audio this is; null for a feed. */
  episode: objectIdSchema.nullable(),
  /** The episode's publication time (ms), for its first-7 and first-30-day figures. */
  published: z.number().int().nullable(),
  /** The `Range` header as the client sent it (truncated), or null. */
  range: z.string().max(100).nullable(),
  /** The first byte of the file this response carried. */
  start: z.number().int().nonnegative(),
  /** Body bytes handed to the connection before the response ended or the client went away. */
  sent: z.number().int().nonnegative(),
  file: listenFileSchema.nullable(),
  /** HMAC of the address (IPv6 cut to /64) and user agent under the UTC day's salt. */
  listener: listenerHashSchema,
  /** The same under the UTC month's salt: only ever added to a monthly HyperLogLog. */
  monthListener: listenerHashSchema,
  ua: z.string().max(512),
  referrer: z.string().max(512).nullable(),
  /**
   * Served to a member: a premium episode's audio heard through a private feed or an entitled
   * session (the premium filter of the download figures). Records from before it are false.
   */
  premium: z.boolean().default(false),
  /** ISO 3166-1 alpha-2, from the address before it was hashed; null when unknown. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  /** The creatives in the file this response was part of (none for a plain file and a feed). */
  ads: z.array(listenAdSchema).max(LISTEN_ADS_MAX).default([]),
});
export type ListenRecord = z.infer<typeof listenRecordSchema>;

export const catalogListens: RecordStreamDefinition<typeof listenRecordSchema> = {
  topic: 'catalog.listen.v1',
  source: 'catalog',
  description:
    "Every GET and HEAD of an episode's audio and of a show's feed, as served: what the IAB rules in analytics count downloads, listeners and feed followers from. Key: the listener hash, so one listener's requests stay in order.",
  partitions: 6,
  retentionDays: 400,
  record: listenRecordSchema,
  example: {
    id: '0f6c1d2e-1b8f-4a57-9b0e-3c3f2f0b1a77',
    kind: 'audio',
    at: Date.UTC(2026, 10, 24, 7, 30),
    method: 'GET',
    status: 206,
    show: '64b7f0c2a1b2c3d4e5f60718',
    episode: '64b7f0c2a1b2c3d4e5f60719',
    published: Date.UTC(2026, 10, 20, 6),
    range: 'bytes=0-',
    start: 0,
    sent: 1_048_576,
    file: { bytes: 28_800_000, offset: 4096, seconds: 1800 },
    listener: 'q3Ttq1Fb0mI7c9zXw0Jk2A',
    monthListener: 'Zx8Uq1Pb0mI7c9zXw0Jk2B',
    ua: 'AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)',
    referrer: null,
    premium: false,
    country: 'NL',
    ads: [
      {
        campaign: '64b7f0c2a1b2c3d4e5f6071a',
        creative: '64b7f0c2a1b2c3d4e5f6071b',
        position: 'pre',
        start: 262_558,
        end: 743_959,
      },
    ],
  },
};

export const RECORD_STREAMS = [catalogListens] as const;
