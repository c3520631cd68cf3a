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
import { wavTone } from '../../../media/src/uploads/generate-media';
import { bearer } from '../../../identity/test/support/identity-harness';
import { startMediaBeside, type TestMedia } from './media-beside';
import { startPathFront, type PathFront } from './path-front';

export { bearer };

export type TestCatalog = RunningService<CatalogConfig>;

export type { Member };

/**
 * Catalog with the real identity and media beside it, on the real store, broker and cache: users
 * are registered with identity and reach catalog and media through `identity.user.v1`, uploads go
 * to media, as in production.
 */
export class CatalogPlatform {
  private constructor(
    readonly people: People,
    readonly catalog: TestCatalog,
    readonly media: TestMedia,
    readonly mediaDir: string,
    private readonly front: PathFront,
  ) {}

  /**
   * `overrides` go to catalog, `mediaOverrides` to media; the settings both keep
   * (`PREMIUM_LINK_SECRET`, `LISTEN_*`) go to both, and the blob store's (`MEDIA_*`, `S3_*`) to media.
   */
  static async start(
    overrides: Record<string, string> = {},
    mediaOverrides: Record<string, string> = {},
  ): Promise<CatalogPlatform> {
    const people = await People.start();
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'podz-media-'));
    const env = testServiceEnv('catalog', {
      PUBLIC_ORIGIN: 'http://podz.test',
      FEED_IMPORT_ALLOW_PRIVATE: 'true',
      ...overrides,
    });
    // The blob store is media's; the audio links' secret and the listen recorder's settings are both's.
    const shared = Object.fromEntries(
      Object.entries(overrides).filter(([name]) => /^(S3_|MEDIA_|LISTEN_|PREMIUM_LINK_SECRET$)/.test(name)),
    );
    const media = await startMediaBeside(env.MONGO_DB ?? '', {
      MEDIA_DIR: mediaDir,
      ...shared,
      ...mediaOverrides,
    });
    const catalog = await startCatalog(loadConfig(catalogConfigSchema, { ...env, MEDIA_URL: media.url }));
    const front = await startPathFront({ catalog: catalog.url, media: media.url });
    return new CatalogPlatform(people, catalog, media, mediaDir, front);
  }

  /** Catalog and media at one address, each path to its service as the gateway routes it. */
  get url(): string {
    return this.front.url;
  }

  /** Where uploads go and audio and images are served from. */
  get mediaUrl(): string {
    return this.media.url;
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
          PUBLIC_ORIGIN: config.PUBLIC_ORIGIN,
          PREMIUM_LINK_SECRET: config.PREMIUM_LINK_SECRET,
          MEDIA_URL: this.media.url,
          FEED_IMPORT_ALLOW_PRIVATE: 'true',
          ...overrides,
        }),
      ),
    );
  }

  /** Another media instance on the same store, cache and broker (its blob store as `overrides` say). */
  anotherMedia(overrides: Record<string, string> = {}): Promise<TestMedia> {
    return startMediaBeside(this.catalog.context.db.name, {
      MONGO_DB: this.media.context.config.MONGO_DB,
      MEDIA_DIR: this.mediaDir,
      ...overrides,
    });
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

  /** An episode of a second of audio (or `seconds`), uploaded first, that `owner` adds to a show. */
  async episodeBy(owner: Member, fields: Record<string, unknown>, seconds = 1): Promise<{ id: string }> {
    const audio = await request(this.mediaUrl)
      .post('/api/media/audio')
      .set(bearer(owner.token))
      .attach('file', wavTone({ seconds, notes: [440] }), 'take.wav')
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
    await this.media.context.db.dropDatabase().catch(() => undefined);
    await this.front.stop();
    await Promise.all([this.catalog.stop(), this.media.stop()]);
    await this.people.stop();
  }
}
