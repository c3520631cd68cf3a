import { levelsAudio, renditionFileName, uploadIdOfFile } from './audio-pipeline';

const ID = '64b7f0c2a1b2c3d4e5f60718';

describe('media file names', () => {
  it('reads the upload of an original, a rendition and an image', () => {
    expect(uploadIdOfFile(`${ID}.mp3`)).toBe(ID);
    expect(uploadIdOfFile(renditionFileName(ID))).toBe(ID);
    expect(uploadIdOfFile(`${ID}.png`)).toBe(ID);
  });

  it.each([
    ['a seeded name', 'bench.mp3'],
    ['a short id', `${ID.slice(1)}.mp3`],
    ['no extension', ID],
    ['another suffix', `${ID}.copy.mp3`],
    ['a path', `../${ID}.mp3`],
  ])('finds no upload in %s', (_label, name) => {
    expect(uploadIdOfFile(name)).toBeUndefined();
  });
});

describe('the levelling switch', () => {
  it('levels unless a show turned it off, shows from before the switch included', () => {
    expect(levelsAudio({ levelAudio: false })).toBe(false);
    expect(levelsAudio({ levelAudio: true })).toBe(true);
    expect(levelsAudio({})).toBe(true);
    expect(levelsAudio(null)).toBe(true);
  });
});
