import type { ListenFile, ListenRecord } from '@podz/proto';
import type { Agent } from '@podz/kit/listens';

/**
 * The IAB Tech Lab Podcast Measurement Technical Guidelines v2.3 (§5.5) as PODZ applies them to
 * its listen records, in order: filter, size threshold, dedupe (docs/analytics.md says the same in
 * prose; test/listen-rules.test.ts holds one test per rule). A download is the header plus this
 * many seconds of audio.
 */
export const COUNTED_SECONDS = 60;

/** The dedupe window: one download per listener per episode per UTC calendar day. */
export const DEDUPE_WINDOW = 'UTC calendar day' as const;

export type DropReason =
  'not-audio' | 'head' | 'not-modified' | 'failed' | 'probe' | 'bot' | 'apple-watch' | 'nothing-sent';

/** Why a record can never make a download, or null when its bytes count toward one. */
export function dropReason(record: ListenRecord, agent: Agent): DropReason | null {
  if (record.kind !== 'audio' || !record.episode || !record.file) return 'not-audio';
  if (record.method === 'HEAD') return 'head';
  if (record.status === 304) return 'not-modified';
  if (record.status < 200 || record.status >= 300) return 'failed';
  // The players' probe for the file's size and range support: two bytes, no listening.
  if (record.range !== null && /^bytes=0-1$/.test(record.range.trim())) return 'probe';
  if (agent.type === 'bot') return 'bot';
  // IAB Tech Lab guidance of 2020: watchOS downloads duplicate the paired iPhone's; none count.
  if (agent.os === 'watchOS' || agent.device === 'Apple Watch') return 'apple-watch';
  if (record.sent === 0) return 'nothing-sent';
  return null;
}

/**
 * How many distinct bytes of the file a listener must have received for a download: the header
 * (everything before the audio) plus one minute of audio at the file's mean byte rate; the whole
 * file when its length is unknown or it plays for a minute or less.
 */
export function thresholdBytes(file: ListenFile): number {
  if (!(file.seconds > COUNTED_SECONDS) || file.bytes <= file.offset) return file.bytes;
  const perSecond = (file.bytes - file.offset) / file.seconds;
  return Math.min(file.bytes, file.offset + Math.ceil(COUNTED_SECONDS * perSecond));
}

/** The window a record falls in (`2026-11-26`), its month and its hour of day, all UTC. */
export function periodsOf(at: number): { day: string; month: string; hour: number } {
  const iso = new Date(at).toISOString();
  return { day: iso.slice(0, 10), month: iso.slice(0, 7), hour: Number(iso.slice(11, 13)) };
}

/** Whole days from the episode's publication to the listen, by UTC calendar day. */
export function daysSincePublished(at: number, published: number | null): number | null {
  if (published === null) return null;
  const day = (ms: number) => Math.floor(ms / 86_400_000);
  return day(at) - day(published);
}
