import { loadConfig, type RunningService } from '@podz/kit';
import { testServiceEnv } from '@podz/kit/testing';
import type { Access } from '@podz/proto';
import { knownTo, People, type Member } from '../../../identity/test/support/people';
import { requestsConfigSchema, type RequestsConfig } from '../../src/config';
import { startRequests } from '../../src/requests-service';

export { bearer } from '../../../identity/test/support/identity-harness';
export type { Member };

/**
 * The requests service with the real identity beside it, on the real store, broker and cache:
 * identity tells requests about users, and hears requests' approvals, as in production.
 */
export class RequestsPlatform {
  private constructor(
    readonly people: People,
    readonly requests: RunningService<RequestsConfig>,
  ) {}

  static async start(): Promise<RequestsPlatform> {
    const people = await People.start();
    const requests = await startRequests(loadConfig(requestsConfigSchema, testServiceEnv('requests')));
    return new RequestsPlatform(people, requests);
  }

  get url(): string {
    return this.requests.url;
  }

  member(role: Access, access: Access[] = [role]): Promise<Member> {
    return this.people.member(this.requests.context.db, role, access);
  }

  known(userId: string): Promise<void> {
    return knownTo(this.requests.context.db, userId);
  }

  async stop(): Promise<void> {
    await this.requests.context.db.dropDatabase().catch(() => undefined);
    await this.requests.stop();
    await this.people.stop();
  }
}
