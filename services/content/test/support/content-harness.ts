import { loadConfig, type RunningService } from '@podz/kit';
import { testMember, testServiceEnv, type TestMember } from '@podz/kit/testing';
import type { Access } from '@podz/proto';
import { contentConfigSchema, type ContentConfig } from '../../src/config';
import { startContent } from '../../src/content-service';

export type Member = TestMember;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The content service on the real store, broker and cache. Content keeps no read model of users,
 * so its callers are sessions signed with the test key, their version recorded as identity would.
 */
export class ContentPlatform {
  private constructor(readonly content: RunningService<ContentConfig>) {}

  static async start(): Promise<ContentPlatform> {
    return new ContentPlatform(
      await startContent(loadConfig(contentConfigSchema, testServiceEnv('content'))),
    );
  }

  get url(): string {
    return this.content.url;
  }

  member(role: Access, access: Access[] = [role]): Promise<Member> {
    return testMember(this.content.context.redis, role, access);
  }

  async stop(): Promise<void> {
    await this.content.context.db.dropDatabase().catch(() => undefined);
    await this.content.stop();
  }
}
