import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadConfig, type RunningService } from '@podz/kit';
import { testServiceEnv } from '@podz/kit/testing';
import type { Access } from '@podz/proto';
import { knownTo, People, type Member } from '../../../identity/test/support/people';
import { catalogConfigSchema, type CatalogConfig } from '../../src/config';
import { startCatalog } from '../../src/catalog-service';
import { wavTone } from '../../src/blobs/generate-media';
import { bearer } from '../../../identity/test/support/identity-harness';

export { bearer };

export type TestCatalog = RunningService<CatalogConfig>;

export type { Member };

/**
 * Catalog with the real identity beside it, on the real store, broker and cache: users are
 * registered with identity and reach catalog through `identity.user.v1`, as in production.
 */
export class CatalogPlatform {
  private constructor(
    readonly people: People,
    readonly catalog: TestCatalog,
    readonly mediaDir: string,
  ) {}

  static async start(overrides: Record<string, string> = {}): Promise<CatalogPlatform> {
    const people = await People.start();
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'podz-media-'));
    const catalog = await startCatalog(
      loadConfig(
        catalogConfigSchema,
        testServiceEnv('catalog', {
          MEDIA_DIR: mediaDir,
          PUBLIC_ORIGIN: 'http://podz.test',
          FEED_IMPORT_ALLOW_PRIVATE: 'true',
          ...overrides,
        }),
      ),
    );
    return new CatalogPlatform(people, catalog, mediaDir);
  }

  get url(): string {
    return this.catalog.url;
  }

  /**
   * Another catalog instance on the same store, cache, broker and media: what a second replica is.
   * The caller stops it (before the platform: `Promise.all` both, or the second rejoins alone).
   */
  anotherInstance(overrides: Record<string, string> = {}): Promise<TestCatalog> {
    const { config } = this.catalog.context;
    return startCatalog(
      loadConfig(
        catalogConfigSchema,
        testServiceEnv('catalog', {
          MONGO_DB: config.MONGO_DB,
          MEDIA_DIR: this.mediaDir,
          PUBLIC_ORIGIN: config.PUBLIC_ORIGIN,
          PREMIUM_LINK_SECRET: config.PREMIUM_LINK_SECRET,
          FEED_IMPORT_ALLOW_PRIVATE: 'true',
          ...overrides,
        }),
      ),
    );
  }

  get identity() {
    return this.people.identity;
  }

  /** A signed-in user holding `access`, once catalog has heard of them. */
  member(role: Access, access: Access[] = [role]): Promise<Member> {
    return this.people.member(this.catalog.context.db, role, access);
  }

  /** Waits until identity's event about a user has reached catalog. */
  known(userId: string): Promise<void> {
    return knownTo(this.catalog.context.db, userId);
  }

  /** A show `owner` creates through the API (`name` and `category` at least). */
  async showBy<T = { id: string; uId: string }>(owner: Member, fields: Record<string, unknown>): Promise<T> {
    const res = await request(this.url)
      .post('/api/podcasts')
      .set(bearer(owner.token))
      .send(fields)
      .expect(201);
    return res.body as T;
  }

  /** An episode of one second of audio, uploaded first, that `owner` adds to a show. */
  async episodeBy(owner: Member, fields: Record<string, unknown>): Promise<{ id: string }> {
    const audio = await request(this.url)
      .post('/api/media/audio')
      .set(bearer(owner.token))
      .attach('file', wavTone({ seconds: 1, notes: [440] }), 'take.wav')
      .expect(201);
    const res = await request(this.url)
      .post('/api/episodes')
      .set(bearer(owner.token))
      .send({ audioId: audio.body.id, ...fields })
      .expect(201);
    return res.body as { id: string };
  }

  async stop(): Promise<void> {
    await this.catalog.context.db.dropDatabase().catch(() => undefined);
    await this.catalog.stop();
    await this.people.stop();
  }
}
