import { CHAPTER_TITLE_MAX, CHAPTERS_MAX, type Chapter } from '@podz/proto';
import type { BlobStore } from '@podz/kit/blobs';

// A tag larger than this (cover art of many MB) is not read for chapters.
const TAG_READ_MAX = 16 * 1024 * 1024;

/**
 * Chapters from an MP3's ID3v2 tag: the `CHAP` frames of the ID3v2 Chapter Frame Addendum 1.0,
 * each a start time in milliseconds with a `TIT2` title and an optional `WXXX` link. The parser
 * catalog uses for audio (music-metadata 7) does not read them, and the versions that do need
 * Node 22, so this reads the tag itself: it is a short, bounded walk over the frames.
 */
export async function id3Chapters(store: BlobStore, key: string, audioOffset: number): Promise<Chapter[]> {
  if (audioOffset <= 10 || audioOffset > TAG_READ_MAX) return [];
  const stream = await store.read(key, { start: 0, end: audioOffset - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chaptersOfTag(Buffer.concat(chunks));
}

/** The chapters of a whole ID3v2.3 or v2.4 tag, sorted by start; [] for anything else. */
export function chaptersOfTag(tag: Buffer): Chapter[] {
  if (tag.length < 10 || tag.toString('latin1', 0, 3) !== 'ID3') return [];
  const version = tag[3] ?? 0;
  if (version !== 3 && version !== 4) return [];
  const flags = tag[5] ?? 0;
  let body = tag.subarray(10, Math.min(tag.length, 10 + syncsafe(tag, 6)));
  // v2.3 unsynchronises the whole tag (every FF 00 stands for FF); v2.4 does it per frame.
  if (version === 3 && flags & 0x80) body = resynchronise(body);
  let at = 0;
  if (flags & 0x40) at = version === 3 ? 4 + body.readUInt32BE(0) : syncsafe(body, 0);
  const chapters: Chapter[] = [];
  for (const frame of frames(body.subarray(at), version)) {
    if (frame.id !== 'CHAP') continue;
    const chapter = readChap(frame.data, version);
    if (chapter) chapters.push(chapter);
    if (chapters.length >= CHAPTERS_MAX) break;
  }
  chapters.sort((a, b) => a.startTime - b.startTime);
  return chapters.filter((chapter, i) => i === 0 || chapter.startTime !== chapters[i - 1]?.startTime);
}

interface Frame {
  id: string;
  data: Buffer;
}

function* frames(bytes: Buffer, version: number): Generator<Frame> {
  let at = 0;
  while (at + 10 <= bytes.length) {
    const id = bytes.toString('latin1', at, at + 4);
    if (!/^[A-Z0-9]{4}$/.test(id)) return; // padding, or something this reader does not know
    const size = version === 4 ? syncsafe(bytes, at + 4) : bytes.readUInt32BE(at + 4);
    const start = at + 10;
    if (size <= 0 || start + size > bytes.length) return;
    const formatFlags = bytes[at + 9] ?? 0;
    let data = bytes.subarray(start, start + size);
    // v2.4 per-frame flags: unsynchronised data, and a 4-byte length before it.
    if (version === 4 && formatFlags & 0x02) data = resynchronise(data);
    if (version === 4 && formatFlags & 0x01) data = data.subarray(4);
    yield { id, data };
    at = start + size;
  }
}

function readChap(data: Buffer, version: number): Chapter | undefined {
  const idEnd = data.indexOf(0);
  if (idEnd < 0 || idEnd + 17 > data.length) return undefined;
  const startMs = data.readUInt32BE(idEnd + 1);
  let title = '';
  let url: string | undefined;
  for (const frame of frames(data.subarray(idEnd + 17), version)) {
    if (frame.id === 'TIT2') title = decodeText(frame.data);
    if (frame.id === 'WXXX') url = decodeUserUrl(frame.data);
  }
  const trimmed = title.trim().slice(0, CHAPTER_TITLE_MAX);
  return {
    startTime: startMs / 1000,
    title: trimmed || `Chapter at ${Math.floor(startMs / 1000)} s`,
    ...(url && /^https?:\/\/\S+$/.test(url) && url.length <= 2000 ? { url } : {}),
  };
}

const syncsafe = (bytes: Buffer, at: number) =>
  (((bytes[at] ?? 0) & 0x7f) << 21) |
  (((bytes[at + 1] ?? 0) & 0x7f) << 14) |
  (((bytes[at + 2] ?? 0) & 0x7f) << 7) |
  ((bytes[at + 3] ?? 0) & 0x7f);

function resynchronise(bytes: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i += 1) {
    out.push(bytes[i] ?? 0);
    if (bytes[i] === 0xff && bytes[i + 1] === 0x00) i += 1;
  }
  return Buffer.from(out);
}

/** A text frame: an encoding byte, then text in that encoding (ISO-8859-1, UTF-16 or UTF-8). */
function decodeText(data: Buffer): string {
  return (
    decode(data[0] ?? 0, data.subarray(1))
      .replace(/\0+$/, '')
      .split('\0')[0] ?? ''
  );
}

/** `WXXX`: an encoding byte, a description ended by a null of that encoding, then a Latin-1 URL. */
function decodeUserUrl(data: Buffer): string {
  const encoding = data[0] ?? 0;
  const wide = encoding === 1 || encoding === 2;
  let end = 1;
  if (wide) {
    while (end + 1 < data.length && !(data[end] === 0 && data[end + 1] === 0)) end += 2;
    end += 2;
  } else {
    while (end < data.length && data[end] !== 0) end += 1;
    end += 1;
  }
  return data.toString('latin1', end).replace(/\0+$/, '').trim();
}

function decode(encoding: number, bytes: Buffer): string {
  if (encoding === 3) return bytes.toString('utf8');
  if (encoding === 1 || encoding === 2) {
    let body = bytes;
    let bigEndian = encoding === 2;
    if (body[0] === 0xfe && body[1] === 0xff) [bigEndian, body] = [true, body.subarray(2)];
    else if (body[0] === 0xff && body[1] === 0xfe) [bigEndian, body] = [false, body.subarray(2)];
    const even = Buffer.from(body.subarray(0, body.length - (body.length % 2)));
    if (bigEndian) even.swap16();
    return even.toString('utf16le');
  }
  return bytes.toString('latin1');
}
