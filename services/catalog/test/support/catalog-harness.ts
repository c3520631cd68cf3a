import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type RunningService } from '@podz/kit';
import { testServiceEnv } from '@podz/kit/testing';
import type { Access } from '@podz/proto';
import {
  ADMIN,
  IdentityClient,
  startTestIdentity,
  stopTestIdentity,
  type TestIdentity,
} from '../../../identity/test/support/identity-harness';
import { catalogConfigSchema, type CatalogConfig } from '../../src/config';
import { startCatalog } from '../../src/catalog-service';

export { bearer } from '../../../identity/test/support/identity-harness';

export type TestCatalog = RunningService<CatalogConfig>;

export interface Member {
  id: string;
  username: string;
  token: string;
}

/**
 * Catalog with the real identity beside it, on the real store, broker and cache: users are
 * registered with identity and reach catalog through `identity.user.v1`, as in production.
 */
export class CatalogPlatform {
  private constructor(
    readonly identity: TestIdentity,
    readonly catalog: TestCatalog,
    readonly people: IdentityClient,
    private readonly adminToken: string,
    readonly mediaDir: string,
  ) {}

  static async start(overrides: Record<string, string> = {}): Promise<CatalogPlatform> {
    const identity = await startTestIdentity();
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
    const people = new IdentityClient(identity.url);
    const adminToken = await people.signIn(ADMIN.username, ADMIN.password);
    return new CatalogPlatform(identity, catalog, people, adminToken, mediaDir);
  }

  get url(): string {
    return this.catalog.url;
  }

  /** A signed-in user holding `access`, once catalog has heard of them. */
  async member(role: Access, access: Access[] = [role]): Promise<Member> {
    const user = await this.people.userWith(this.adminToken, role, [
      ...new Set(['user' as Access, ...access]),
    ]);
    await this.known(user.id);
    return user;
  }

  /** Waits until identity's event about a user has reached catalog. */
  async known(userId: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const users = this.catalog.context.db.collection('users');
    while (!(await users.findOne({ _id: userId as never }))) {
      if (Date.now() > deadline) throw new Error(`catalog never heard of user ${userId}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    await this.catalog.context.db.dropDatabase().catch(() => undefined);
    await this.catalog.stop();
    await stopTestIdentity(this.identity);
  }
}
