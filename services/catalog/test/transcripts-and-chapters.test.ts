import { parseFeed } from 'podcast-partytime';
import request from 'supertest';
import { eventually } from '@podz/kit/testing';
import { id3ChapterTag, mp3Silence, pngCover } from '../../media/src/uploads/generate-media';
import { bearer, CatalogPlatform, type Member } from './support/catalog-harness';

let platform: CatalogPlatform;
let owner: Member;
let stranger: Member;
let show: { id: string; uId: string };
const api = () => request(platform.url);

/**
 * A removed revision's file, gone: media serves it, catalog removes it, and media may still hold
 * the file open for its hold time (a second) after the removal.
 */
async function gone(url: string) {
  await eventually(`${url} to be gone`, async () => (await api().get(url)).status === 404).catch(
    () => undefined,
  );
  await api().get(url).expect(404);
}

const VTT = `WEBVTT

00:00:00.500 --> 00:00:02.000
<v Ana>Hello & welcome

00:00:02.000 --> 00:00:03.500
Second cue
`;
const SRT = `1
00:00:00,000 --> 00:00:01,250
<i>From SRT</i>

2
00:00:01,250 --> 00:00:02,000
Line two
`;

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  [owner, stranger] = await Promise.all([platform.member('owner'), platform.member('owner')]);
  show = await platform.showBy(owner, {
    name: `Companions ${Date.now().toString(36)}`,
    category: 'Science',
    language: 'pt-BR',
    status: 'published',
  });
});
afterAll(() => platform?.stop());

const upload = (episodeId: string, body: string | Buffer, name: string, who = owner) =>
  api()
    .post(`/api/episodes/${episodeId}/transcript`)
    .set(bearer(who.token))
    .attach('file', Buffer.isBuffer(body) ? body : Buffer.from(body), name);

async function feedItem(episodeId: string) {
  const xml = (await api().get(`/shows/${show.uId}/feed.xml`).expect(200)).text;
  return { xml, item: parseFeed(xml)!.items.find((item) => item.guid === episodeId)! };
}

describe('transcripts', () => {
  it('takes a WebVTT file, serves it normalised with its JSON, and the feed links both', async () => {
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'With words' });
    const res = await upload(episode.id, VTT, 'words.vtt').expect(200);
    expect(res.body.transcript).toEqual({
      url: expect.stringMatching(new RegExp(`^/media/transcripts/${episode.id}-[0-9a-f]{24}\\.vtt$`)),
      jsonUrl: expect.stringMatching(/\.json$/),
      language: 'pt-BR',
      cues: 2,
      source: 'upload',
      updatedAt: expect.any(String),
    });
    const vtt = await api().get(res.body.transcript.url).expect(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.headers['cache-control']).toMatch(/immutable/);
    expect(vtt.text).toBe(
      'WEBVTT\n\n1\n00:00:00.500 --> 00:00:02.000\n<v Ana>Hello &amp; welcome\n\n2\n00:00:02.000 --> 00:00:03.500\nSecond cue\n',
    );
    const json = await api().get(res.body.transcript.jsonUrl).expect(200);
    expect(JSON.parse(json.text)).toEqual({
      version: '1.0.0',
      segments: [
        { startTime: 0.5, endTime: 2, speaker: 'Ana', body: 'Hello & welcome' },
        { startTime: 2, endTime: 3.5, body: 'Second cue' },
      ],
    });
    const { item } = await feedItem(episode.id);
    expect(item.podcastTranscripts).toEqual([
      {
        url: `http://podz.test${res.body.transcript.url}`,
        type: 'text/vtt',
        language: 'pt-BR',
        rel: 'captions',
      },
      { url: `http://podz.test${res.body.transcript.jsonUrl}`, type: 'application/json', language: 'pt-BR' },
    ]);
  });

  it('normalises SRT to WebVTT, and the editor’s text replaces it (the old files go)', async () => {
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'From SRT' });
    const first = (await upload(episode.id, SRT, 'words.srt').expect(200)).body.transcript;
    expect((await api().get(first.url).expect(200)).text).toContain(
      '00:00:00.000 --> 00:00:01.250\nFrom SRT',
    );
    const edited = await api()
      .put(`/api/episodes/${episode.id}/transcript?language=en`)
      .set(bearer(owner.token))
      .set('content-type', 'text/vtt')
      .send('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nEdited\n')
      .expect(200);
    expect(edited.body.transcript).toMatchObject({ source: 'editor', language: 'en', cues: 1 });
    expect(edited.body.transcript.url).not.toBe(first.url);
    await gone(first.url);
    await gone(first.jsonUrl);

    const removed = await api()
      .delete(`/api/episodes/${episode.id}/transcript`)
      .set(bearer(owner.token))
      .expect(200);
    expect(removed.body.transcript).toBeNull();
    await gone(edited.body.transcript.url);
    expect((await feedItem(episode.id)).item.podcastTranscripts).toBeUndefined();
  });

  it('refuses what is not captions (415), captions with a mistake (400), too much (413) and strangers (403), keeping what was there', async () => {
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'Guarded' });
    const kept = (await upload(episode.id, VTT, 'ok.vtt').expect(200)).body.transcript;

    const image = await upload(
      episode.id,
      pngCover({ size: 16, seed: 1, colors: ['#000000', '#ffffff'] }),
      'a.vtt',
    );
    expect(image.status).toBe(415);
    expect(image.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error: expect.stringMatching(/text/),
    });
    const prose = await upload(episode.id, 'Just a story, no timings.', 'story.txt').expect(415);
    expect(prose.body.error).toMatch(/WebVTT .* or SRT/);
    const broken = await upload(episode.id, 'WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nHi\n', 'b.vtt').expect(
      400,
    );
    expect(broken.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'Line 3: expected a cue timing such as 00:00:01.000 --> 00:00:04.000',
    });
    const huge = `WEBVTT\n\n${'00:00:00.000 --> 00:00:01.000\nwords words words\n\n'.repeat(30_000)}`;
    expect((await upload(episode.id, huge, 'huge.vtt')).status).toBe(413);
    await api()
      .put(`/api/episodes/${episode.id}/transcript`)
      .set(bearer(owner.token))
      .send({ text: VTT })
      .expect(415);
    await api()
      .put(`/api/episodes/${episode.id}/transcript`)
      .set(bearer(owner.token))
      .set('content-type', 'text/plain')
      .send('no cues here')
      .expect(400);
    await api()
      .put(`/api/episodes/${episode.id}/transcript?language=not%20a%20code`)
      .set(bearer(owner.token))
      .set('content-type', 'text/vtt')
      .send(VTT)
      .expect(400);
    await upload(episode.id, VTT, 'x.vtt', stranger).expect(403);
    await api().post('/api/episodes/nope/transcript').set(bearer(owner.token)).expect(400);

    const now = (await api().get(`/api/episodes/${episode.id}`).expect(200)).body.transcript;
    expect(now).toEqual(kept);
    await api().get(kept.url).expect(200);
  });

  it('are kept by media: with media out of reach a new one is a 502 and the episode keeps its own', async () => {
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'Kept apart' });
    const kept = (await upload(episode.id, VTT, 'ok.vtt').expect(200)).body.transcript;
    // A catalog instance whose media does not answer (nothing listens on port 9).
    const cutOff = await platform.anotherInstance({ MEDIA_URL: 'http://127.0.0.1:9' });
    try {
      const refused = await request(cutOff.url)
        .put(`/api/episodes/${episode.id}/transcript`)
        .set(bearer(owner.token))
        .set('content-type', 'text/vtt')
        .send(VTT)
        .expect(502);
      expect(refused.body).toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        error: expect.stringMatching(/^Transcripts cannot be kept right now/),
      });
    } finally {
      await cutOff.stop();
    }
    expect((await api().get(`/api/episodes/${episode.id}`).expect(200)).body.transcript).toEqual(kept);
    await api().get(kept.url).expect(200);
    await api().get(kept.jsonUrl).expect(200);
  });
});

describe('chapters', () => {
  const mp3WithChapters = () =>
    Buffer.concat([
      id3ChapterTag([
        { startSeconds: 0, endSeconds: 2, title: 'Cold open' },
        { startSeconds: 2, endSeconds: 4, title: 'The story', url: 'https://example.com/story' },
      ]),
      mp3Silence(4),
    ]);

  it('are read from the MP3’s CHAP frames and served as the JSON file the feed points at', async () => {
    const audio = await api()
      .post('/api/media/audio')
      .set(bearer(owner.token))
      .attach('file', mp3WithChapters(), 'chaptered.mp3')
      .expect(201);
    const episode = (
      await api()
        .post('/api/episodes')
        .set(bearer(owner.token))
        .send({ podcastId: show.id, title: 'Chaptered', audioId: audio.body.id })
        .expect(201)
    ).body;
    expect(episode.chapters).toEqual([
      { startTime: 0, title: 'Cold open' },
      { startTime: 2, title: 'The story', url: 'https://example.com/story' },
    ]);
    expect(episode.chaptersSource).toBe('audio');
    expect(episode.chaptersUrl).toBe(`/media/chapters/${episode.id}.json`);

    // Media renders the file from the episode's event: it is there once media has heard it.
    await eventually('the chapters file', async () => (await api().get(episode.chaptersUrl)).status === 200);
    const file = await api().get(episode.chaptersUrl).expect(200);
    expect(file.headers['content-type']).toMatch(/^application\/json\+chapters/);
    expect(JSON.parse(file.text)).toEqual({ version: '1.2.0', chapters: episode.chapters });
    const { item } = await feedItem(episode.id);
    expect(item.podcastChapters).toEqual({
      url: `http://podz.test${episode.chaptersUrl}`,
      type: 'application/json+chapters',
    });
  });

  it('are set from a JSON chapters file or the editor, sorted, and kept when the audio changes', async () => {
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'Edited chapters' });
    const res = await api()
      .put(`/api/episodes/${episode.id}/chapters`)
      .set(bearer(owner.token))
      .send({
        version: '1.2.0',
        author: 'someone',
        source: 'file',
        chapters: [
          { startTime: 0.5, title: 'Second', img: 'https://example.com/a.png' },
          { startTime: 0, title: 'First', toc: false },
        ],
      })
      .expect(200);
    expect(res.body.chapters).toEqual([
      { startTime: 0, title: 'First' },
      { startTime: 0.5, title: 'Second', img: 'https://example.com/a.png' },
    ]);
    expect(res.body.chaptersSource).toBe('file');

    const audio = await api()
      .post('/api/media/audio')
      .set(bearer(owner.token))
      .attach('file', mp3WithChapters(), 'other.mp3')
      .expect(201);
    const replaced = await api()
      .put(`/api/episodes/${episode.id}`)
      .set(bearer(owner.token))
      .send({ audioId: audio.body.id })
      .expect(200);
    expect(replaced.body.chapters.map((c: { title: string }) => c.title)).toEqual(['First', 'Second']);

    const cleared = await api()
      .put(`/api/episodes/${episode.id}/chapters`)
      .set(bearer(owner.token))
      .send({ chapters: [] })
      .expect(200);
    expect(cleared.body).toMatchObject({ chapters: [], chaptersSource: null, chaptersUrl: null });
    await eventually(
      'the chapters file to go',
      async () => (await api().get(`/media/chapters/${episode.id}.json`)).status === 404,
    );
  });

  it('refuses two chapters at one time, one after the audio ends, bad fields and strangers', async () => {
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'Strict chapters' });
    const put = (body: object, who = owner) =>
      api().put(`/api/episodes/${episode.id}/chapters`).set(bearer(who.token)).send(body);
    const twice = await put({
      chapters: [
        { startTime: 0, title: 'A' },
        { startTime: 0, title: 'B' },
      ],
    }).expect(400);
    expect(twice.body.details).toEqual([
      { path: 'chapters.1.startTime', message: 'starts at the same time as chapter 1' },
    ]);
    const late = await put({ chapters: [{ startTime: 30, title: 'After the end' }] }).expect(400);
    expect(late.body.details[0].message).toMatch(/after the audio ends/);
    const bad = await put({ chapters: [{ startTime: -1, title: '' }] }).expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    await put({ chapters: [{ startTime: 0, title: 'x', url: 'javascript:alert(1)' }] }).expect(400);
    await put({ chapters: [{ startTime: 0, title: 'Mine' }] }, stranger).expect(403);
    await api().get('/media/chapters/not-an-id.json').expect(400);
  });

  it('of a draft episode are not served to anyone', async () => {
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'Draft', status: 'draft' });
    await api()
      .put(`/api/episodes/${episode.id}/chapters`)
      .set(bearer(owner.token))
      .send({ chapters: [{ startTime: 0, title: 'Secret' }] })
      .expect(200);
    await api().get(`/media/chapters/${episode.id}.json`).expect(404);
  });
});
