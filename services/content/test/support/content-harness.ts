import { Types } from 'mongoose';
import { loadConfig, SessionRevocations, type RunningService } from '@podz/kit';
import { testServiceEnv, testToken } from '@podz/kit/testing';
import type { Access } from '@podz/proto';
import { contentConfigSchema, type ContentConfig } from '../../src/config';
import { startContent } from '../../src/content-service';

export interface Member {
  id: string;
  username: string;
  token: string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let serial = 0;

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

  async member(role: Access, access: Access[] = [role]): Promise<Member> {
    const id = new Types.ObjectId().toHexString();
    const username = `${role}${++serial}`;
    await new SessionRevocations(this.content.context.redis).recordVersion(id, 0);
    return { id, username, token: testToken({ id, username, role, access, sessionVersion: 0 }) };
  }

  async stop(): Promise<void> {
    await this.content.context.db.dropDatabase().catch(() => undefined);
    await this.content.stop();
  }
}
