import request from 'supertest';
import { eventually } from '@podz/kit/testing';
import { TAG_BYTES } from '../src/tags/id3-writer';
import { id3Tag } from '../src/tags/id3-writer';
import { bearer, CatalogPlatform, type Member } from '../../catalog/test/support/catalog-harness';
import { download } from './support/download';
import { probe, speechLike } from './support/speech-like';

// The served rendition carries PODZ's ID3v2.4 tag: the episode's title, the show, its owner, the
// year, the cover and the chapters (CHAP/CTOC), rewritten when the episode changes. The tag is a
// head of fixed length in front of the stored frames: an edit changes neither the frames nor the
// file's length, and ranges cross from one to the other.

jest.setTimeout(120_000);

let platform: CatalogPlatform;
let owner: Member;
let show: { id: string; uId: string; name: string };
const api = () => request(platform.url);

beforeAll(async () => {
  platform = await CatalogPlatform.start({}, { MEDIA_JOB_SLOTS: '1', MEDIA_JOB_POLL_MS: '200' });
  owner = await platform.member('owner', ['user', 'owner']);
  show = await platform.showBy(owner, { name: 'Tagged Hour', category: 'Science' });
});
afterAll(() => platform?.stop());

const fetched = (url: string, range?: string) => download(platform.url, url, range);

describe('the tags of a served rendition', () => {
  it('keeps an upload’s CHAP frames, writes the episode’s tags, and rewrites them on an edit at the same length', async () => {
    // An MP3 whose own tag carries chapters (as editors' software writes them).
    const chapters = [
      { startTime: 0, title: 'Hello' },
      { startTime: 6, title: 'The middle' },
    ];
    const own = id3Tag(
      {
        title: 'raw take',
        show: '',
        artist: 'someone',
        year: null,
        artwork: null,
        chapters,
        durationMs: 12_000,
      },
      4096,
    );
    const audio = Buffer.concat([
      own,
      speechLike({ seconds: 12, amplitude: 0.3, channels: 2, format: 'mp3' }),
    ]);
    const upload = await api()
      .post('/api/media/audio')
      .set(bearer(owner.token))
      .attach('file', audio, 'chaptered.mp3')
      .expect(201);
    const created = await api()
      .post('/api/episodes')
      .set(bearer(owner.token))
      .send({ podcastId: show.id, title: 'First light', audioId: upload.body.id })
      .expect(201);
    const rendition = `/media/audio/${upload.body.id}.house.mp3`;
    const episodeAudio = async () =>
      (await api().get(`/api/episodes/${created.body.id}`)).body.audio as { url: string; bytes: number };
    await eventually('the rendition in place', async () => (await episodeAudio()).url === rendition, 60_000);

    const first = await fetched(rendition);
    expect(first.status).toBe(200);
    expect(first.body.length).toBe((await episodeAudio()).bytes);
    expect(first.body.subarray(0, 3).toString('latin1')).toBe('ID3');
    const tags = probe(first.body);
    expect(tags.format).toMatchObject({
      title: 'First light',
      album: 'Tagged Hour',
      artist: owner.username,
      genre: 'Podcast',
    });
    expect(tags.chapters).toEqual([
      [0, 6, 'Hello'],
      [6, expect.any(Number), 'The middle'],
    ]);

    // Edited: the title and the chapters; the frames and the length stay.
    await api()
      .put(`/api/episodes/${created.body.id}`)
      .set(bearer(owner.token))
      .send({ title: 'First light, again' })
      .expect(200);
    await api()
      .put(`/api/episodes/${created.body.id}/chapters`)
      .set(bearer(owner.token))
      .send({ chapters: [{ startTime: 0, title: 'Only one' }] })
      .expect(200);
    let second = first;
    await eventually(
      'the tag rewritten',
      async () => {
        second = await fetched(rendition);
        const seen = probe(second.body);
        return seen.format.title === 'First light, again' && seen.chapters.length === 1;
      },
      15_000,
    );
    expect(second.body.length).toBe(first.body.length);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(second.body.subarray(TAG_BYTES).equals(first.body.subarray(TAG_BYTES))).toBe(true);

    // A range across the tag's end and into the frames is the same bytes as the whole file's.
    const across = await fetched(rendition, `bytes=${TAG_BYTES - 100}-${TAG_BYTES + 999}`);
    expect(across.status).toBe(206);
    expect(across.headers['content-range']).toBe(
      `bytes ${TAG_BYTES - 100}-${TAG_BYTES + 999}/${second.body.length}`,
    );
    expect(across.body.equals(second.body.subarray(TAG_BYTES - 100, TAG_BYTES + 1000))).toBe(true);
    const tail = await fetched(rendition, 'bytes=-500');
    expect(tail.body.equals(second.body.subarray(second.body.length - 500))).toBe(true);
  });
});
