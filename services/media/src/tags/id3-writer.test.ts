import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { speechLike } from '../../test/support/speech-like';
import { pngCover } from '../uploads/generate-media';
import { chaptersOfTag } from '../uploads/id3-chapters';
import { id3Tag, TAG_BYTES, type EpisodeTag } from './id3-writer';

// The tag PODZ writes in front of a served file, read back by PODZ's own reader and by ffprobe,
// as podcast apps read it: the text frames, the cover and the chapters.

const TAG: EpisodeTag = {
  title: 'Why is the sky blue? — part 2',
  show: 'Tiny Lab',
  artist: 'Ada Okafor',
  year: 2026,
  artwork: { mime: 'image/png', bytes: pngCover({ size: 64, seed: 7, colors: ['#0f172a', '#6366f1'] }) },
  chapters: [
    { startTime: 0, title: 'Cold open' },
    { startTime: 4.5, title: 'Rayleigh scattering', url: 'https://example.org/rayleigh' },
  ],
  durationMs: 10_000,
};

describe('the ID3v2.4 tag', () => {
  it('carries the chapters as PODZ reads them back', () => {
    expect(chaptersOfTag(id3Tag(TAG))).toEqual(TAG.chapters);
  });

  it('is read by ffprobe in front of the audio: title, show, artist, year, cover and chapters', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'podz-tag-'));
    try {
      const file = path.join(dir, 'tagged.mp3');
      writeFileSync(
        file,
        Buffer.concat([id3Tag(TAG), speechLike({ seconds: 10, amplitude: 0.3, channels: 2, format: 'mp3' })]),
      );
      const probed = JSON.parse(
        execFileSync(
          'ffprobe',
          ['-v', 'error', '-show_format', '-show_chapters', '-show_streams', '-of', 'json', file],
          {
            encoding: 'utf8',
          },
        ),
      ) as {
        format: { tags: Record<string, string> };
        chapters: { start_time: string; end_time: string; tags: { title: string } }[];
        streams: { codec_type: string; disposition: { attached_pic: number } }[];
      };
      expect(probed.format.tags).toMatchObject({
        title: TAG.title,
        album: TAG.show,
        artist: TAG.artist,
        date: '2026',
        genre: 'Podcast',
      });
      expect(probed.chapters.map((c) => [Number(c.start_time), Number(c.end_time), c.tags.title])).toEqual([
        [0, 4.5, 'Cold open'],
        [4.5, 10, 'Rayleigh scattering'],
      ]);
      expect(probed.streams.some((s) => s.codec_type === 'video' && s.disposition.attached_pic === 1)).toBe(
        true,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is always the same length, so the file keeps its length through every edit', () => {
    const before = id3Tag(TAG);
    const after = id3Tag({ ...TAG, title: `${TAG.title} (updated)`, chapters: [] });
    expect(before.length).toBe(TAG_BYTES);
    expect(after.length).toBe(TAG_BYTES);
    expect(after.equals(before)).toBe(false);
  });

  it('leaves out a cover too large to fit, and keeps the rest', () => {
    const huge = { mime: 'image/png', bytes: Buffer.alloc(TAG_BYTES) };
    const tag = id3Tag({ ...TAG, artwork: huge });
    expect(tag.length).toBe(TAG_BYTES);
    expect(chaptersOfTag(tag)).toEqual(TAG.chapters);
    expect(tag.includes(Buffer.from('APIC'))).toBe(false);
  });
});
