import { parseBuffer } from 'music-metadata';
import { id3ChapterTag, mp3Silence } from './generate-media';
import { chaptersOfTag } from './id3-chapters';

describe('chapters from an ID3v2 tag', () => {
  const tag = id3ChapterTag([
    { startSeconds: 95.5, endSeconds: 180, title: 'The interview', url: 'https://example.com/guest' },
    { startSeconds: 0, endSeconds: 95.5, title: 'Intro — café ✓' },
  ]);

  it('reads every CHAP frame: start, UTF-16 title and WXXX link, sorted by start', () => {
    expect(chaptersOfTag(tag)).toEqual([
      { startTime: 0, title: 'Intro — café ✓' },
      { startTime: 95.5, title: 'The interview', url: 'https://example.com/guest' },
    ]);
  });

  it('leaves an MP3 whose tag carries them playable for its full length', async () => {
    const file = Buffer.concat([tag, mp3Silence(3)]);
    const metadata = await parseBuffer(
      file,
      { mimeType: 'audio/mpeg', size: file.length },
      { duration: true },
    );
    expect(metadata.format.duration).toBeGreaterThan(2.9);
    expect(metadata.format.duration).toBeLessThan(3.2);
  });

  it('finds none in a tag without chapters, a v2.2 tag or bytes that are no tag', () => {
    expect(chaptersOfTag(id3ChapterTag([]))).toEqual([]);
    const v22 = Buffer.from(tag);
    v22[3] = 2;
    expect(chaptersOfTag(v22)).toEqual([]);
    expect(chaptersOfTag(Buffer.from('not a tag at all'))).toEqual([]);
  });

  it('stops at a frame whose size runs past the tag instead of reading beyond it', () => {
    const broken = Buffer.from(tag);
    broken.writeUInt32BE(0x7fffffff, 14); // the CTOC frame's size
    expect(chaptersOfTag(broken)).toEqual([]);
  });
});
