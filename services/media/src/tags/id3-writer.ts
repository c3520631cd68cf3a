import type { Chapter } from '@podz/proto';

/** What PODZ writes into a served file's ID3v2.4 tag. */
export interface EpisodeTag {
  title: string;
  show: string;
  artist: string;
  year: number | null;
  /** The cover, as stored (PNG, JPEG or WebP bytes). */
  artwork: { mime: string; bytes: Buffer } | null;
  chapters: Chapter[];
  /** The audio's length in milliseconds: where the last chapter ends. */
  durationMs: number;
}

/**
 * Every served file's tag is this long, padding included: the file's length is known before any
 * episode names it (the feed's enclosure) and stays the same through every edit. Room for a
 * 600-pixel cover and a few hundred chapters.
 */
export const TAG_BYTES = 256 * 1024;

/** A 28-bit "synchsafe" integer: seven bits a byte, the top bit clear (ID3v2.4 sizes). */
function synchsafe(value: number): Buffer {
  if (value >= 1 << 28) throw new Error('an ID3 size past 256 MB');
  return Buffer.from([(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f]);
}

function frame(id: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id, 'latin1'), synchsafe(body.length), Buffer.from([0, 0]), body]);
}

/** A text frame in UTF-8 (encoding 3). */
const text = (id: string, value: string) =>
  frame(id, Buffer.concat([Buffer.from([3]), Buffer.from(value, 'utf8')]));

/** A user link (`WXXX`): UTF-8 description (empty), then the URL in Latin-1. */
const link = (url: string) => frame('WXXX', Buffer.concat([Buffer.from([3, 0]), Buffer.from(url, 'latin1')]));

const zeroTerminated = (value: string) => Buffer.from(`${value}\0`, 'latin1');

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(Math.max(0, Math.min(0xffffffff, Math.round(value))), 0);
  return bytes;
}

/** The ID3v2 Chapter Frame Addendum: one `CHAP` per chapter, and a top-level ordered `CTOC`. */
function chapterFrames(chapters: Chapter[], durationMs: number): Buffer[] {
  if (chapters.length === 0) return [];
  const ids = chapters.map((_, i) => `chp${i}`);
  const toc = frame(
    'CTOC',
    Buffer.concat([zeroTerminated('toc'), Buffer.from([0x03, chapters.length]), ...ids.map(zeroTerminated)]),
  );
  const chaps = chapters.map((chapter, i) => {
    const start = chapter.startTime * 1000;
    const end = (chapters[i + 1]?.startTime ?? durationMs / 1000) * 1000;
    const embedded = [text('TIT2', chapter.title), ...(chapter.url ? [link(chapter.url)] : [])];
    // Byte offsets unknown (all ones): players seek by time.
    const offsets = Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    return frame(
      'CHAP',
      Buffer.concat([
        zeroTerminated(ids[i] ?? ''),
        uint32(start),
        uint32(Math.max(start, end)),
        offsets,
        ...embedded,
      ]),
    );
  });
  return [toc, ...chaps];
}

/**
 * An ID3v2.4 tag for an episode's served file: title, show, artist, year, genre Podcast, the
 * cover (`APIC`, front cover) and the chapters, padded to exactly `size` bytes. A cover that does
 * not fit is left out; frames that do not fit without it are an error.
 */
export function id3Tag(tag: EpisodeTag, size = TAG_BYTES): Buffer {
  const frames = [
    text('TIT2', tag.title),
    text('TALB', tag.show),
    text('TPE1', tag.artist),
    ...(tag.year ? [text('TDRC', String(tag.year))] : []),
    text('TCON', 'Podcast'),
    ...(tag.artwork
      ? [
          frame(
            'APIC',
            Buffer.concat([
              Buffer.from([3]),
              zeroTerminated(tag.artwork.mime),
              Buffer.from([3, 0]),
              tag.artwork.bytes,
            ]),
          ),
        ]
      : []),
    ...chapterFrames(tag.chapters, tag.durationMs),
  ];
  let body = Buffer.concat(frames);
  if (body.length + 10 > size && tag.artwork) return id3Tag({ ...tag, artwork: null }, size);
  if (body.length + 10 > size) throw new Error(`an ID3 tag of ${body.length} bytes does not fit in ${size}`);
  body = Buffer.concat([body, Buffer.alloc(size - 10 - body.length)]);
  const header = Buffer.concat([
    Buffer.from('ID3', 'latin1'),
    Buffer.from([4, 0, 0]),
    synchsafe(body.length),
  ]);
  return Buffer.concat([header, body]);
}
