import { readdirSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import request from 'supertest';
import sharp from 'sharp';
import { Types } from 'mongoose';
import { eventually } from '@podz/kit/testing';
import { libraryFromCatalog } from '../src/data/library-from-catalog';
import { mediaItemSchema, paginatedSchema, type MediaItem } from '@podz/proto';
import { pngCover, wavTone } from '../src/uploads/generate-media';
import { bearer, CatalogPlatform, type Member } from '../../catalog/test/support/catalog-harness';

// The media library behind MediaZ and the image gallery: each uploader's files and everyone's for
// admins, newest first, with where each file is used; a file in use cannot be deleted.

let platform: CatalogPlatform;
let owner: Member;
let other: Member;
let admin: Member;
const api = () => request(platform.url);
const page = paginatedSchema(mediaItemSchema);

/** Where a file is used, once media has heard catalog's events about it. */
async function usedBy(id: string, expected: MediaItem['usedBy']) {
  const read = async () =>
    mediaItemSchema.parse((await api().get(`/api/media/${id}`).set(bearer(owner.token)).expect(200)).body)
      .usedBy;
  await eventually(`uses of ${id}`, async () => isDeepStrictEqual(await read(), expected)).catch(
    () => undefined,
  );
  expect(await read()).toEqual(expected);
}

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  [owner, other, admin] = await Promise.all([
    platform.member('owner', ['user', 'owner']),
    platform.member('owner', ['user', 'owner']),
    platform.member('admin'),
  ]);
});
afterAll(() => platform?.stop());

const image = async (who: Member) =>
  (
    await api()
      .post('/api/media/images')
      .set(bearer(who.token))
      .attach(
        'file',
        pngCover({ size: 32, seed: Date.now() % 1000, colors: ['#112233', '#445566'] }),
        'c.png',
      )
      .expect(201)
  ).body as { id: string; url: string };
const audio = async (who: Member) =>
  (
    await api()
      .post('/api/media/audio')
      .set(bearer(who.token))
      .attach('file', wavTone({ seconds: 1, notes: [440] }), 'take.wav')
      .expect(201)
  ).body as { id: string; url: string };
const library = async (who: Member, query = '') =>
  page.parse((await api().get(`/api/media?limit=100${query}`).set(bearer(who.token)).expect(200)).body);

describe('the media library', () => {
  it('lists each owner their own uploads and admins everyone’s, newest first, by kind', async () => {
    const first = await image(owner);
    const second = await audio(owner);
    const theirs = await image(other);
    const mine = await library(owner);
    expect(mine.items.map((item) => item.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(mine.items.map((item) => item.id)).not.toContain(theirs.id);
    expect(mine.items[0]).toMatchObject({
      kind: 'audio',
      name: 'take.wav',
      uploadedBy: owner.id,
      uploaderName: owner.username,
      usedBy: [],
      url: second.url,
    });
    expect((await library(owner, '&kind=image')).items.map((item) => item.id)).toEqual([first.id]);
    const all = (await library(admin)).items.map((item) => item.id);
    expect(all).toEqual(expect.arrayContaining([first.id, second.id, theirs.id]));
    // Someone else's upload is not there for an owner.
    await api().get(`/api/media/${theirs.id}`).set(bearer(owner.token)).expect(404);
    await api().delete(`/api/media/${theirs.id}`).set(bearer(owner.token)).expect(404);
    // The admin's view names each uploader, read from catalog's own directory of users.
    const seen = await api().get(`/api/media/${theirs.id}`).set(bearer(admin.token)).expect(200);
    expect(seen.body).toMatchObject({ uploadedBy: other.id, uploaderName: other.username });
  });

  it('knows where a file is used, refuses to delete it then, and deletes it once unused', async () => {
    const cover = await image(owner);
    const name = `Media use ${Date.now()}`;
    const show = await platform.showBy(owner, { name, category: 'Science', logoId: cover.id });
    await usedBy(cover.id, [{ kind: 'show', id: show.id, name, podcastId: show.id }]);
    const refused = await api().delete(`/api/media/${cover.id}`).set(bearer(owner.token)).expect(409);
    expect(refused.body.error).toBe(`This file is in use by the show “${name}”; change those first`);

    // A new cover frees the old one; renaming the show follows on the file in use.
    const next = await image(owner);
    await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ logoId: next.id, name: `${name} renamed` })
      .expect(200);
    await usedBy(cover.id, []);
    await usedBy(next.id, [{ kind: 'show', id: show.id, name: `${name} renamed`, podcastId: show.id }]);

    await api().delete(`/api/media/${cover.id}`).set(bearer(owner.token)).expect(204);
    await api().get(`/api/media/${cover.id}`).set(bearer(owner.token)).expect(404);
    expect((await library(owner)).items.map((item) => item.id)).not.toContain(cover.id);
    await api().get(cover.url).expect(404);

    // An episode's audio is in use until the episode goes; deleting the show frees its files.
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'Uses audio' });
    const episodeAudio = (await api().get(`/api/episodes/${episode.id}`).set(bearer(owner.token))).body.audio
      .url as string;
    const audioItem = (await library(owner, '&kind=audio')).items.find((item) => item.url === episodeAudio)!;
    await usedBy(audioItem.id, [{ kind: 'episode', id: episode.id, name: 'Uses audio', podcastId: show.id }]);
    await api().delete(`/api/podcasts/${show.id}`).set(bearer(owner.token)).expect(204);
    await usedBy(audioItem.id, []);
    await usedBy(next.id, []);
    await api().delete(`/api/media/${audioItem.id}`).set(bearer(admin.token)).expect(204);
  });

  it('keeps uses from catalog’s events, and takes once the library catalog kept before media', async () => {
    const cover = await image(owner);
    const name = `Kept uses ${Date.now()}`;
    const show = await platform.showBy(owner, { name, category: 'Science', logoId: cover.id });
    const db = platform.media.context.db;
    const stored = () => db.collection('media').findOne({ _id: new Types.ObjectId(cover.id) });
    // A rename reaches the file in use; a show told again (restated) leaves it as it was.
    await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ name: `${name} II` })
      .expect(200);
    const renamed = { [show.id]: { kind: 'show', name: `${name} II`, podcastId: show.id } };
    await eventually('the rename to reach the file', async () =>
      isDeepStrictEqual((await stored())?.uses, renamed),
    ).catch(() => undefined);
    expect((await stored())!.uses).toEqual(renamed);

    // A library catalog kept in its own database before media existed is copied once, uses and all.
    const catalogDb = platform.catalog.context.db;
    const oldId = new Types.ObjectId();
    const old = {
      _id: oldId,
      kind: 'image',
      name: 'from-before.png',
      key: `images/${oldId.toHexString()}.png`,
      type: 'image/png',
      bytes: 1234,
      durationSeconds: null,
      audioOffset: null,
      uploadedBy: owner.id,
      uses: { [show.id]: { kind: 'show', name, podcastId: show.id } },
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    await catalogDb.collection('media').insertOne(old as never);
    await catalogDb
      .collection('media_storage')
      .insertOne({ _id: 'uploader-from-before', bytes: 1234, files: 1 } as never);
    await db.collection('migrations').deleteOne({ _id: 'media-library-from-catalog-v1' as never });
    expect(await libraryFromCatalog(db, catalogDb.name)).toBe(true);
    expect(await libraryFromCatalog(db, catalogDb.name)).toBe(false);
    expect(await db.collection('media').findOne({ _id: oldId })).toMatchObject({
      key: old.key,
      uses: old.uses,
    });
    expect(
      await db.collection('media_storage').findOne({ _id: 'uploader-from-before' as never }),
    ).toMatchObject({
      bytes: 1234,
      files: 1,
    });
  });

  it('finds files by name prefix, any case, and keeps what each uploader stores', async () => {
    const named = async (who: Member, name: string, kind: 'image' | 'audio') =>
      (
        await api()
          .post(`/api/media/${kind === 'image' ? 'images' : 'audio'}`)
          .set(bearer(who.token))
          .attach(
            'file',
            kind === 'image'
              ? pngCover({ size: 16, seed: 3, colors: ['#000000', '#ffffff'] })
              : wavTone({ seconds: 1, notes: [330] }),
            name,
          )
          .expect(201)
      ).body as { id: string };
    const searcher = await platform.member('owner', ['user', 'owner']);
    const alpha = await named(searcher, 'Alpha.png', 'image');
    const alpine = await named(searcher, 'alpine.wav', 'audio');
    await named(searcher, 'beta.png', 'image');
    const ids = async (query: string, who = searcher) =>
      (await library(who, query)).items.map((item) => item.id);
    expect(await ids('&search=ALP')).toEqual([alpha.id, alpine.id]);
    expect(await ids('&search=alp&kind=image')).toEqual([alpha.id]);
    expect(await ids('&search=zzz')).toEqual([]);
    expect(await ids('&search=alpine', admin)).toContain(alpine.id);
    expect(await ids('&search=alpine', owner)).not.toContain(alpine.id);

    const storage = async (query = '', who = searcher) =>
      (await api().get(`/api/media/storage${query}`).set(bearer(who.token)).expect(200)).body;
    const files = (await library(searcher)).items;
    const bytes = files.reduce((total, item) => total + item.bytes, 0);
    expect(await storage()).toEqual({ userId: searcher.id, bytes, files: 3 });
    expect(await storage(`?userId=${searcher.id}`, admin)).toEqual({ userId: searcher.id, bytes, files: 3 });
    await api().get(`/api/media/storage?userId=${owner.id}`).set(bearer(searcher.token)).expect(403);
    await api().delete(`/api/media/${alpha.id}`).set(bearer(searcher.token)).expect(204);
    const after = await storage();
    expect(after.files).toBe(2);
    expect(after.bytes).toBe(bytes - files.find((item) => item.id === alpha.id)!.bytes);
  });

  it('is for owners and admins, and says what is wrong with a query', async () => {
    const member = await platform.member('user');
    await api().get('/api/media').set(bearer(member.token)).expect(403);
    await api().get('/api/media').expect(401);
    await api().get('/api/media?kind=video').set(bearer(owner.token)).expect(400);
    await api().get('/api/media/nope').set(bearer(owner.token)).expect(400);
    await api().delete('/api/media/64b7f0c2a1b2c3d4e5f60799').set(bearer(owner.token)).expect(404);
  });

  it('reads every upload through: audio without sound and broken or oversized images are 415s that leave nothing', async () => {
    const uploader = await platform.member('owner', ['user', 'owner']);
    const storedFiles = () =>
      readdirSync(platform.mediaDir, { recursive: true })
        .map(String)
        .filter((f) => f.includes('.'));
    const before = storedFiles().length;
    const refused = async (kind: 'audio' | 'images', bytes: Buffer, name: string) => {
      const res = await api()
        .post(`/api/media/${kind}`)
        .set(bearer(uploader.token))
        .attach('file', bytes, name)
        .expect(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      return res.body.error as string;
    };
    const wav = wavTone({ seconds: 1, notes: [440] });
    expect(await refused('audio', wav.subarray(0, 12), 'header.wav')).toMatch(/no playable length/);
    expect(await refused('audio', wav.subarray(0, 44), 'silent.wav')).toMatch(/no playable length/);
    expect(
      await refused('audio', Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000not audio'), 'x.mp3'),
    ).toMatch(/The audio could not be read/);

    const png = pngCover({ size: 64, seed: 7, colors: ['#123456', '#abcdef'] });
    expect(await refused('images', png.subarray(0, 20), 'cut.png')).toMatch(/The image could not be read/);
    const noise = await sharp(
      Buffer.alloc(200 * 200 * 3).map((_, i) => (i * 7919) % 251),
      {
        raw: { width: 200, height: 200, channels: 3 },
      },
    )
      .jpeg()
      .toBuffer();
    expect(await refused('images', noise.subarray(0, Math.floor(noise.length * 0.6)), 'half.jpg')).toMatch(
      /The image is damaged: .*premature end/,
    );
    const wide = await sharp({ create: { width: 6001, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await refused('images', wide, 'wide.png')).toMatch(
      /6001×2 pixels; images may be at most 6000 on a side/,
    );

    expect(storedFiles()).toHaveLength(before);
    expect((await library(uploader)).total).toBe(0);

    // What does parse is kept, with its real length.
    const kept = await api()
      .post('/api/media/audio')
      .set(bearer(uploader.token))
      .attach('file', wav, 'ok.wav')
      .expect(201);
    expect(kept.body.durationSeconds).toBe(1);
    await api()
      .post('/api/media/images')
      .set(bearer(uploader.token))
      .attach('file', noise, 'ok.jpg')
      .expect(201);
    expect((await library(uploader)).total).toBe(2);
  });
});

describe("a transcript's files", () => {
  const media = () => request(platform.mediaUrl);
  const put = (file: string, body: Buffer) =>
    media().put(`/transcripts/${file}`).set('content-type', 'application/octet-stream').send(body);

  it('are kept for catalog by name, served immutable, refused when misnamed or too big, and removed', async () => {
    const name = `${new Types.ObjectId().toHexString()}-${new Types.ObjectId().toHexString()}`;
    await put(`${name}.vtt`, Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n')).expect(204);
    await put(`${name}.json`, Buffer.from('{"version":"1.0.0","segments":[]}')).expect(204);
    const vtt = await api().get(`/media/transcripts/${name}.vtt`).expect(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers['cache-control']).toMatch(/immutable/);
    expect(vtt.text).toContain('Hi');
    const json = await api().get(`/media/transcripts/${name}.json`).expect(200);
    expect(json.body).toEqual({ version: '1.0.0', segments: [] });

    const misnamed = await put('../audio/x.vtt', Buffer.from('WEBVTT\n')).expect(404);
    expect(misnamed.body.code).toBe('NOT_FOUND');
    expect((await put(`${name}.exe`, Buffer.from('MZ')).expect(400)).body.code).toBe('VALIDATION_FAILED');
    const big = await put(`${name}.json`, Buffer.alloc(8 * 1024 * 1024 + 1)).expect(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await api().get(`/media/transcripts/${name}.json`).expect(200)).body).toEqual({
      version: '1.0.0',
      segments: [],
    });

    await media().delete(`/transcripts/${name}.vtt`).expect(204);
    await media().delete(`/transcripts/${name}.vtt`).expect(204);
    await eventually(
      'the file to go',
      async () => (await api().get(`/media/transcripts/${name}.vtt`)).status === 404,
    );
  });
});
