import request from 'supertest';
import { Types } from 'mongoose';
import { loadConfig } from '@podz/kit';
import { eventually, testServiceEnv, uniqueName } from '@podz/kit/testing';
import {
  createEvent,
  searchResultsSchema,
  userRegistered,
  type Access,
  type SearchResults,
} from '@podz/proto';
import { bearer, CatalogPlatform, type Member } from '../../../catalog/test/support/catalog-harness';
import { CatalogClient } from '../../src/clients/catalog-client';
import { IdentityClient } from '../../src/clients/identity-client';
import { searchConfigSchema } from '../../src/config';
import { DocumentStore } from '../../src/data/document-store';
import { keepDocuments } from '../../src/consumers/keep-documents';
import { rebuildDocuments } from '../../src/domain/rebuild-documents';
import { refreshEpisodesOrFile, refreshOrFile, refreshPending } from '../../src/domain/refresh-later';
import { documentPrefix, startSearch } from '../../src/search-service';

/** How a suite runs the search service on one engine: its settings, and what it needs around it. */
export interface EngineSetup {
  name: string;
  /** Settings for each instance (n is 0 or 1), given the test database's name. */
  env: (database: string, n: 0 | 1) => Record<string, string>;
  /** Runs once before the instances start (an engine's server found or started). */
  prepare?: () => Promise<void>;
  /** Runs once after they stopped. */
  cleanup?: (database: string) => Promise<void>;
}

/**
 * Search on the real stack, the same cases for every engine: catalog and identity own the shows,
 * episodes and people; two search instances share one document store and follow it into their
 * engine (each its own embedded index, or one OpenSearch cluster). Everything reaches the engine
 * through the events, as in production.
 */
export function searchSuite(engine: EngineSetup): void {
  /** An engine's server may be started (and on a fresh machine, downloaded) first. */
  const START_MS = 10 * 60_000;

  type Search = Awaited<ReturnType<typeof startSearch>>;

  let platform: CatalogPlatform;
  let owner: Member;
  let a: Search;
  let b: Search;
  const database = `test_search_${Date.now().toString(36)}`;

  const startInstance = (n: 0 | 1) =>
    startSearch(
      loadConfig(
        searchConfigSchema,
        testServiceEnv('search', {
          MONGO_DB: database,
          CATALOG_URL: platform.url,
          IDENTITY_URL: platform.identity.url,
          SEARCH_SNAPSHOT_SECONDS: '1',
          ...engine.env(database, n),
        }),
      ),
    );

  async function searchOn(
    instance: Search,
    query: Record<string, string | number>,
    token?: string,
  ): Promise<SearchResults> {
    const call = request(instance.url).get('/api/search').query(query);
    const res = await (token ? call.set(bearer(token)) : call).expect(200);
    return searchResultsSchema.parse(res.body);
  }

  const text = (parts: string[]) => parts.join('');
  const marked = (parts: string[]) => parts.filter((_, n) => n % 2 === 1);

  /** Waits until `check` holds for the answer to `query` on the instance (two seconds is the goal; CI gets more). */
  async function until(
    instance: Search,
    query: Record<string, string | number>,
    check: (r: SearchResults) => boolean,
    token?: string,
  ) {
    let last: SearchResults | undefined;
    await eventually(
      `search ${JSON.stringify(query)}`,
      async () => {
        last = await searchOn(instance, query, token);
        return check(last);
      },
      20_000,
    ).catch((err: unknown) => {
      throw new Error(`${String(err)}; last answer: ${JSON.stringify(last)}`);
    });
    return last!;
  }

  const api = () => request(platform.url);

  beforeAll(async () => {
    await engine.prepare?.();
    platform = await CatalogPlatform.start();
    owner = await platform.member('owner');
    a = await startInstance(0);
    b = await startInstance(1);
  }, START_MS);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await a?.context.db.dropDatabase().catch(() => undefined);
    await platform?.stop();
    await engine.cleanup?.(database);
  });

  describe(`search on the ${engine.name} engine`, () => {
    it('finds a published show by a misspelt name, marks the words, and never a draft', async () => {
      const draft = await platform.showBy(owner, {
        name: 'Zeppelin Secret Drafts',
        category: 'History',
        status: 'draft',
      });
      await platform.showBy(owner, {
        name: 'Zeppelin Stories',
        category: 'History',
        description: '<p>Airships, their <b>crews</b> and the age of flight.</p>',
      });
      const found = await until(a, { q: 'zepelin storis' }, (r) => r.shows.total === 1);
      expect(text(found.shows.items[0]!.name)).toBe('Zeppelin Stories');
      expect(marked(found.shows.items[0]!.name)).toEqual(['Zeppelin', 'Stories']);
      // The other instance answers the same from its own index.
      await until(b, { q: 'zeppelin' }, (r) =>
        r.shows.items.some((hit) => text(hit.name) === 'Zeppelin Stories'),
      );
      expect((await searchOn(a, { q: 'zeppelin secret' })).shows.items.map((hit) => hit.id)).not.toContain(
        draft.id,
      );

      // Published, it is found; back to a draft, it is gone again.
      await api()
        .put(`/api/podcasts/${draft.id}`)
        .set(bearer(owner.token))
        .send({ status: 'published' })
        .expect(200);
      await until(a, { q: 'zeppelin secret drafts' }, (r) =>
        r.shows.items.some((hit) => hit.id === draft.id),
      );
      await api()
        .put(`/api/podcasts/${draft.id}`)
        .set(bearer(owner.token))
        .send({ status: 'draft' })
        .expect(200);
      await until(
        b,
        { q: 'zeppelin secret drafts' },
        (r) => !r.shows.items.some((hit) => hit.id === draft.id),
      );
    });

    it('finds drafts for their managers (and admins) only, marked as such', async () => {
      const admin = await platform.member('admin');
      const other = await platform.member('owner');
      const draft = await platform.showBy(owner, {
        name: 'Nebula Notebook',
        category: 'Science',
        status: 'draft',
      });
      const live = await platform.showBy(owner, { name: 'Quokka Quarterly', category: 'Science' });
      const episode = await platform.episodeBy(owner, {
        podcastId: live.id,
        title: 'Quokka winter special',
        status: 'draft',
      });

      const mine = await until(a, { q: 'nebula notebok' }, (r) => r.shows.total === 1, owner.token);
      expect(mine.shows.items[0]).toMatchObject({ id: draft.id, status: 'draft' });
      expect(marked(mine.shows.items[0]!.name)).toEqual(['Nebula', 'Notebook']);
      const episodes = await until(
        b,
        { q: 'quokka winter', type: 'episodes' },
        (r) => r.episodes.total === 1,
        owner.token,
      );
      expect(episodes.episodes.items[0]).toMatchObject({ id: episode.id, status: 'draft' });
      expect(episodes.episodes.items[0]!.show).toMatchObject({ id: live.id, name: 'Quokka Quarterly' });
      await until(a, { q: 'quokka winter', type: 'episodes' }, (r) => r.episodes.total === 1, admin.token);
      await until(a, { q: 'nebula' }, (r) => r.shows.total === 1, admin.token);

      // A visitor's answer may be kept a second at the edge; a manager's nowhere.
      const visitor = await request(a.url).get('/api/search').query({ q: 'nebula' }).expect(200);
      expect(visitor.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
      const manager = await request(a.url).get('/api/search').query({ q: 'nebula' }).set(bearer(owner.token));
      expect(manager.headers['cache-control']).toBe('private, no-store');

      // Nobody else: not a visitor, not another owner.
      for (const token of [undefined, other.token]) {
        const seen = await searchOn(a, { q: 'nebula quokka' }, token);
        expect(seen.shows.items.map((hit) => hit.id)).not.toContain(draft.id);
        expect(seen.episodes.items.map((hit) => hit.id)).not.toContain(episode.id);
      }

      // Published, the show is everyone's, and no longer marked.
      await api()
        .put(`/api/podcasts/${draft.id}`)
        .set(bearer(owner.token))
        .send({ status: 'published' })
        .expect(200);
      const published = await until(a, { q: 'nebula' }, (r) => r.shows.items[0]?.status === 'published');
      expect(published.shows.items[0]!.id).toBe(draft.id);
    });

    it('finds episodes by title, description, guest and transcript, and forgets a deleted one', async () => {
      const guest = await platform.member('guest');
      const show = await platform.showBy(owner, { name: 'Harbour Lights', category: 'Arts' });
      const episode = await platform.episodeBy(owner, {
        podcastId: show.id,
        title: 'Lighthouse keepers of the north',
        description: '<p>A winter on a rock with the keepers.</p>',
        guestIds: [guest.id],
      });
      const vtt =
        'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome aboard.\n\n00:01:30.000 --> 00:01:34.000\nThe fog signal was a foghorn called Ermintrude.\n';
      await api()
        .put(`/api/episodes/${episode.id}/transcript`)
        .set(bearer(owner.token))
        .set('content-type', 'text/vtt')
        .send(vtt)
        .expect(200);

      const byTitle = await until(a, { q: 'lighthouse', type: 'episodes' }, (r) => r.episodes.total === 1);
      expect(byTitle.episodes.items[0]!.show).toMatchObject({ id: show.id, name: 'Harbour Lights' });
      expect(byTitle.shows.total).toBe(0);
      await until(a, { q: guest.username }, (r) => r.episodes.items.some((hit) => hit.id === episode.id));

      const byTranscript = await until(
        b,
        { q: 'ermintrude' },
        (r) => r.episodes.items[0]?.transcript !== null && r.episodes.total === 1,
      );
      expect(byTranscript.episodes.items[0]!.transcript).toEqual({
        startSeconds: 90,
        text: ['The fog signal was a foghorn called ', 'Ermintrude', '.'],
      });

      await api().delete(`/api/episodes/${episode.id}`).set(bearer(owner.token)).expect(204);
      await until(a, { q: 'lighthouse keepers' }, (r) => r.episodes.total === 0);
      await until(b, { q: 'ermintrude' }, (r) => r.episodes.total === 0);
    });

    it('finds people who are public (hosts, guests, crew) and not other members', async () => {
      const host = await platform.member('host');
      const member = await platform.member('user');
      await until(a, { q: host.username, type: 'people' }, (r) =>
        r.people.items.some((hit) => hit.id === host.id),
      );
      const found = await searchOn(a, { q: member.username, type: 'people' });
      expect(found.people.items.map((hit) => hit.id)).not.toContain(member.id);
    });

    it('pages each type, with a total, filtered by category and language', async () => {
      for (const [n, category] of (['Music', 'Music', 'Comedy'] as const).entries())
        await platform.showBy(owner, {
          name: `Quasar radio ${n}`,
          category,
          language: n === 1 ? 'pt-BR' : 'en',
        });
      await until(a, { q: 'quasar' }, (r) => r.shows.total === 3);
      const second = await searchOn(a, { q: 'quasar', type: 'shows', limit: 2, page: 2 });
      expect(second.shows).toMatchObject({ total: 3 });
      expect(second.shows.items).toHaveLength(1);
      expect((await searchOn(a, { q: 'quasar', category: 'Music' })).shows.total).toBe(2);
      expect((await searchOn(a, { q: 'quasar', language: 'pt-BR' })).shows.total).toBe(1);
    });

    it('answers a bad query with a 400 in the API error shape', async () => {
      for (const query of [
        {},
        { q: '   ' },
        { q: 'x'.repeat(101) },
        { q: 'ok', type: 'podcasts' },
        { q: 'ok', limit: 50 },
        { q: 'ok', page: 30 },
      ]) {
        const res = await request(a.url).get('/api/search').query(query).expect(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
      }
    });

    it('restarts from its checkpoint and catches up with what changed while it was down', async () => {
      await platform.showBy(owner, { name: 'Before the restart', category: 'Science' });
      await until(b, { q: 'before restart' }, (r) => r.shows.total === 1);
      await b.stop();
      await platform.showBy(owner, { name: 'During the restart', category: 'Science' });
      await until(a, { q: 'during restart' }, (r) => r.shows.total === 1);
      b = await startInstance(1);
      expect(b.follower.loadedFrom).toBe('checkpoint');
      await until(b, { q: 'restart' }, (r) => r.shows.total === 2);
    });

    it('rebuilds from the owners: what was missed comes back, what is gone goes', async () => {
      const show = await platform.showBy(owner, { name: 'Marmalade Mornings', category: 'Leisure' });
      await until(a, { q: 'marmalade' }, (r) => r.shows.total === 1);
      // As if events were missed: the show's removal, and a person who is no longer public.
      const documents = new DocumentStore(a.context.redis, documentPrefix(database));
      await documents.remove('show', show.id);
      const ghost = new Types.ObjectId().toHexString();
      await documents.put({
        kind: 'person',
        id: ghost,
        username: 'marmalade-ghost',
        bio: '',
        profilePicture: '',
      });
      await until(a, { q: 'marmalade' }, (r) => r.shows.total === 0 && r.people.total === 1);

      const report = await rebuildDocuments({
        documents,
        catalog: new CatalogClient(platform.url),
        identity: new IdentityClient(platform.identity.url),
      });
      expect(report.removed).toBe(1);
      expect(report.stored).toBeGreaterThan(5);
      await until(b, { q: 'marmalade' }, (r) => r.shows.total === 1 && r.people.total === 0);
    });

    it('files a document whose owner does not answer, and reads it once the owner is back', async () => {
      const show = await platform.showBy(owner, { name: 'Offline Orchards', category: 'Leisure' });
      // A store of its own, so that the running instances' sweep leaves this one to the test.
      const documents = new DocumentStore(a.context.redis, `search:pending-${Date.now().toString(36)}`);
      const identity = new IdentityClient(platform.identity.url);
      const down = { documents, identity, catalog: new CatalogClient('http://127.0.0.1:9') };
      const up = { documents, identity, catalog: new CatalogClient(platform.url) };
      const key = `show:${show.id}`;

      await refreshOrFile(down, key, new Date());
      expect((await documents.pending(10)).map((entry) => entry.key)).toEqual([key]);
      expect(await refreshPending(down)).toBe(0);
      expect(await documents.pending(10)).toHaveLength(1);

      expect(await refreshPending(up)).toBe(1);
      expect(await documents.pending(10)).toEqual([]);
      expect(await documents.get('show', show.id)).toMatchObject({ name: 'Offline Orchards' });
    });

    it('keeps a run of episodes with one read of catalog, as one at a time would, and files them while it is down', async () => {
      const show = await platform.showBy(owner, { name: 'Batch Bay', category: 'Leisure' });
      const published = [];
      for (let n = 0; n < 3; n++)
        published.push(await platform.episodeBy(owner, { podcastId: show.id, title: `Tide table ${n}` }));
      // A run of events spans shows: stored in one write, each show's episodes listed with it.
      const other = await platform.showBy(owner, { name: 'Batch Bay Two', category: 'Leisure' });
      published.push(await platform.episodeBy(owner, { podcastId: other.id, title: 'Tide elsewhere' }));
      const draft = await platform.episodeBy(owner, { podcastId: show.id, title: 'Tide draft' });
      const identity = new IdentityClient(platform.identity.url);
      const catalog = new CatalogClient(platform.url);
      const store = (name: string) =>
        new DocumentStore(a.context.redis, `search:${name}-${Date.now().toString(36)}`);
      const [batched, single] = [store('batched'), store('single')];
      // Both stores knew the last episode while it was public; then it went back to draft.
      for (const documents of [batched, single])
        await refreshOrFile({ documents, identity, catalog }, `episode:${draft.id}`, new Date());
      expect(await batched.get('episode', draft.id)).toMatchObject({ title: 'Tide draft' });
      await api()
        .put(`/api/episodes/${draft.id}`)
        .set(bearer(owner.token))
        .send({ status: 'draft' })
        .expect(200);
      const oneByOne = jest.spyOn(catalog, 'episode');
      const ids = [...published, draft].map((episode) => episode.id);
      const at = new Date(Date.now() - 60_000);

      await refreshEpisodesOrFile(
        { documents: batched, identity, catalog },
        new Map(ids.map((id) => [id, at])),
      );
      expect(oneByOne).not.toHaveBeenCalled();
      for (const id of ids)
        await refreshOrFile({ documents: single, identity, catalog }, `episode:${id}`, at);
      const kept = async (documents: DocumentStore) => documents.many(ids.map((id) => `episode:${id}`));
      expect(await kept(batched)).toEqual(await kept(single));
      expect((await kept(batched)).map((doc) => doc?.id ?? null)).toEqual([
        ...published.map((episode) => episode.id),
        null,
      ]);
      const listed = async (showId: string) => (await batched.episodesOfShow(showId)).sort();
      expect(await listed(show.id)).toEqual(
        published
          .slice(0, 3)
          .map((episode) => episode.id)
          .sort(),
      );
      expect(await listed(other.id)).toEqual([published[3]!.id]);

      const down = { documents: store('down'), identity, catalog: new CatalogClient('http://127.0.0.1:9') };
      await refreshEpisodesOrFile(down, new Map(ids.map((id) => [id, at])));
      expect((await down.documents.pending(10)).map((entry) => entry.key).sort()).toEqual(
        ids.map((id) => `episode:${id}`).sort(),
      );
    });

    it('reads a newly registered user only when the event says they are public', async () => {
      const [host, member] = [await platform.member('host'), await platform.member('user')];
      const identity = new IdentityClient(platform.identity.url);
      const documents = new DocumentStore(a.context.redis, `search:registered-${Date.now().toString(36)}`);
      const reads = jest.spyOn(identity, 'user');
      const registered = keepDocuments({
        documents,
        identity,
        catalog: new CatalogClient(platform.url),
      }).find((subscription) => subscription.definition === userRegistered);
      const registration = (user: Member, access: Access[]) =>
        createEvent(userRegistered, user.id, {
          userId: user.id,
          username: user.username,
          profilePicture: '',
          role: access[0] ?? 'user',
          access,
          plan: 'free',
        });

      await registered?.handler(registration(member, ['user']));
      expect(reads).not.toHaveBeenCalled();
      await registered?.handler(registration(host, ['host']));
      expect(reads).toHaveBeenCalledWith(host.id);
      expect(await documents.get('person', host.id)).toMatchObject({ username: host.username });
      expect(await documents.get('person', member.id)).toBeNull();
    });

    it('walks the documents by their key set, never the keyspace, once those stored before it are listed', async () => {
      const prefix = `search:${uniqueName('keys')}`;
      const redis = a.context.redis;
      const documents = new DocumentStore(redis, prefix);
      const person = (id: string) => ({
        kind: 'person' as const,
        id,
        username: id,
        bio: '',
        profilePicture: '',
      });
      // Two documents as a version before the key set wrote them: the document alone.
      for (const id of ['older-1', 'older-2'])
        await redis.set(`${prefix}:doc:person:${id}`, JSON.stringify(person(id)));
      await documents.put(person('newer'));
      const scans = jest.spyOn(redis, 'scan');
      const walk = async () => {
        const keys = [];
        for await (const batch of documents.everyKey()) keys.push(...batch);
        return [...new Set(keys)].sort();
      };
      try {
        expect(await walk()).toEqual(['person:newer', 'person:older-1', 'person:older-2']);
        expect(scans).toHaveBeenCalled();
        scans.mockClear();
        await documents.remove('person', 'older-1');
        expect(await walk()).toEqual(['person:newer', 'person:older-2']);
        const loaded = [];
        for await (const batch of documents.everyDocument()) loaded.push(...batch.map((doc) => doc.id));
        expect(loaded.sort()).toEqual(['newer', 'older-2']);
        expect(scans).not.toHaveBeenCalled();
      } finally {
        scans.mockRestore();
      }
    });

    it('reads from the instance that answers when the owner runs as several and one is down', async () => {
      const show = await platform.showBy(owner, { name: 'Halfway Harbour', category: 'Leisure' });
      const documents = new DocumentStore(a.context.redis, `search:instances-${Date.now().toString(36)}`);
      const identity = new IdentityClient(platform.identity.url);
      const catalog = new CatalogClient(['http://127.0.0.1:9', platform.url]);
      // Each read finds the live instance, whichever the turn starts with.
      for (let n = 0; n < 3; n++) {
        await refreshOrFile({ documents, identity, catalog }, `show:${show.id}`, new Date());
        expect(await documents.pending(10)).toEqual([]);
      }
      expect(await documents.get('show', show.id)).toMatchObject({ name: 'Halfway Harbour' });
    });
  });
}
