import mongoose, { type Connection } from 'mongoose';
import request from 'supertest';
import { eventually } from '@podz/kit/testing';
import { offerPlans } from '@podz/read-models/testing';
import { CatalogPlatform, bearer, type Member } from '../../catalog/test/support/catalog-harness';
import { CatalogCopies } from '../src/data/catalog-copies';
import { audioOwner, type AudioOwner } from '../src/domain/audio-owner';

/**
 * Media's copy of catalog's shows and episodes, kept from catalog's real events on the real broker
 * and read from media's own database: which episode of which show a file is, and who may hear it.
 */
let platform: CatalogPlatform;
let reader: Connection;
let copies: CatalogCopies;
let owner: Member;
let host: Member;

const fileOf = (episode: { audio: { url: string } }) => episode.audio.url.split('/').pop() as string;

/** Waits until media's copy says what `expected` says of the file. */
async function ownerOf(
  file: string,
  expected: (owner: AudioOwner | null) => boolean,
): Promise<AudioOwner | null> {
  const seen: { owner: AudioOwner | null } = { owner: null };
  await eventually(`media's copy of ${file}`, async () => {
    seen.owner = await audioOwner(copies, file);
    return expected(seen.owner);
  });
  return seen.owner;
}

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  const { config } = platform.media.context;
  reader = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();
  copies = new CatalogCopies(reader);
  [owner, host] = await Promise.all([platform.member('owner'), platform.member('user')]);
}, 120_000);

afterAll(async () => {
  await reader?.close();
  await platform?.stop();
});

describe("media's copy of catalog", () => {
  it('knows the show and episode of an uploaded file, and its team as hosts join and leave', async () => {
    const show = await platform.showBy(owner, {
      name: `Copied ${Date.now()}`,
      category: 'Science',
      hostIds: [host.id],
    });
    await request(platform.url)
      .put('/api/podcasts/host-podcasts')
      .set(bearer(host.token))
      .send({ podcastId: show.id, status: 'confirmed' })
      .expect(200);
    const episode = (await platform.episodeBy(owner, {
      podcastId: show.id,
      title: 'On file',
      publishedAt: '2026-10-01T10:00:00.000Z',
    })) as { id: string; audio: { url: string } };
    const file = fileOf(episode);

    const known = await ownerOf(file, (found) => found?.team.includes(host.id) ?? false);
    expect(known).toEqual({
      show: show.id,
      episode: episode.id,
      published: Date.parse('2026-10-01T10:00:00.000Z'),
      premium: null,
      team: [owner.id, host.id],
      copies: {
        show: expect.objectContaining({ _id: show.id, category: 'Science', insertAds: null }),
        episode: expect.objectContaining({ _id: episode.id, title: 'On file', adBreaks: null }),
      },
    });

    await request(platform.url)
      .patch('/api/podcasts/host-podcasts')
      .set(bearer(host.token))
      .send({ podcastId: show.id })
      .expect(200);
    await ownerOf(file, (found) => found?.team.join() === owner.id);

    await request(platform.url).delete(`/api/episodes/${episode.id}`).set(bearer(owner.token)).expect(204);
    await ownerOf(file, (found) => found === null);
  });

  it('knows who may hear a premium episode, and when early access ends', async () => {
    await offerPlans(platform.catalog);
    const show = await platform.showBy(owner, { name: `Premium copy ${Date.now()}`, category: 'Science' });
    await request(platform.url)
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ premium: { plans: ['pro'] } })
      .expect(200);
    const early = (await platform.episodeBy(owner, {
      podcastId: show.id,
      title: 'Members first',
      premium: { kind: 'early-access', publicAt: '2099-01-01T00:00:00.000Z' },
    })) as { id: string; audio: { url: string } };
    const found = await ownerOf(fileOf(early), (owner) => owner !== null);
    expect(found?.premium).toEqual({ plans: ['pro'], until: Date.parse('2099-01-01T00:00:00.000Z') });
    expect(found?.team).toEqual([owner.id]);

    // The show stops naming plans: nothing of it is premium any more.
    await request(platform.url)
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ premium: { plans: [] } })
      .expect(200);
    await ownerOf(fileOf(early), (owner) => owner !== null && owner.premium === null);
  });

  it('keeps what a newer event said when an older one, without the field, comes again', async () => {
    const id = new mongoose.Types.ObjectId().toHexString();
    await copies.saveShows([
      {
        _id: id,
        ownerId: owner.id,
        name: 'Kept',
        status: 'published',
        logoPath: '/images/default-cover.png',
        premium: { plans: ['pro'], allEpisodes: true },
        teamIds: [owner.id, host.id],
      },
    ]);
    await copies.saveShows([
      { _id: id, ownerId: owner.id, name: 'Kept', status: 'draft', logoPath: '/images/default-cover.png' },
    ]);
    expect(await copies.show(id)).toEqual({
      _id: id,
      ownerId: owner.id,
      name: 'Kept',
      status: 'draft',
      logoPath: '/images/default-cover.png',
      premium: { plans: ['pro'], allEpisodes: true },
      teamIds: [owner.id, host.id],
    });
  });

  it('attributes no file that no episode uses, nor audio kept elsewhere', async () => {
    expect(await audioOwner(copies, '64b7f0c2a1b2c3d4e5f60799.mp3')).toBeNull();
    const id = new mongoose.Types.ObjectId().toHexString();
    await copies.saveEpisodes([
      {
        _id: id,
        podcastId: id,
        title: 'Elsewhere',
        status: 'published',
        publishedAt: new Date(),
        audioFile: null,
        premium: null,
      },
    ]);
    expect(await copies.episodeWithAudio('null')).toBeNull();
  });

  it("serves a public episode's chapters file from its copy, and no draft's", async () => {
    const show = await platform.showBy(owner, { name: `Chaptered ${Date.now()}`, category: 'Science' });
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'Later', status: 'draft' });
    const chapters = [
      { startTime: 0, title: 'Cold open' },
      { startTime: 0.5, title: 'The story', url: 'https://example.com/story' },
    ];
    await request(platform.url)
      .put(`/api/episodes/${episode.id}/chapters`)
      .set(bearer(owner.token))
      .send({ chapters })
      .expect(200);
    const file = `/media/chapters/${episode.id}.json`;
    await eventually('the draft copied with its chapters', async () =>
      Boolean((await copies.episode(episode.id))?.chapters?.length),
    );
    await request(platform.url).get(file).expect(404);

    await request(platform.url)
      .put(`/api/episodes/${episode.id}`)
      .set(bearer(owner.token))
      .send({ status: 'published' })
      .expect(200);
    await eventually(
      'the published copy',
      async () => (await request(platform.url).get(file)).status === 200,
    );
    const served = await request(platform.url).get(file).expect(200);
    expect(served.headers['content-type']).toMatch(/^application\/json\+chapters/);
    expect(served.headers['cache-control']).toBe('public, max-age=300, s-maxage=60');
    expect(JSON.parse(served.text)).toEqual({ version: '1.2.0', chapters });
  });
});
