/** How many leading bytes `sniffAudio` and `sniffImage` need. */
export const SNIFF_BYTES = 16;

export interface Sniffed {
  mime: string;
  ext: string;
}

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

/** The audio type of a file from its first bytes; the name and the declared type are not trusted. */
export function sniffAudio(head: Buffer): Sniffed | undefined {
  if (ascii(head, 0, 3) === 'ID3') return { mime: 'audio/mpeg', ext: 'mp3' };
  // An MPEG audio frame: 11 sync bits, a layer that is not "reserved".
  const second = head[1] ?? 0;
  if (head[0] === 0xff && (second & 0xe0) === 0xe0 && (second & 0x06) !== 0) {
    return { mime: 'audio/mpeg', ext: 'mp3' };
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return { mime: 'audio/wav', ext: 'wav' };
  if (ascii(head, 0, 4) === 'OggS') return { mime: 'audio/ogg', ext: 'ogg' };
  if (ascii(head, 0, 4) === 'fLaC') return { mime: 'audio/flac', ext: 'flac' };
  if (ascii(head, 4, 8) === 'ftyp' && /^(M4A |M4B |mp42|isom|mp41|dash)$/.test(ascii(head, 8, 12))) {
    return { mime: 'audio/mp4', ext: 'm4a' };
  }
  return undefined;
}

/** The image type of a file from its first bytes. */
export function sniffImage(head: Buffer): Sniffed | undefined {
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return { mime: 'image/webp', ext: 'webp' };
  return undefined;
}
