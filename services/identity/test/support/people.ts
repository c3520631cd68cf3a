import type { Connection } from 'mongoose';
import type { Access } from '@podz/proto';
import {
  ADMIN,
  IdentityClient,
  startTestIdentity,
  stopTestIdentity,
  type TestIdentity,
} from './identity-harness';

export interface Member {
  id: string;
  username: string;
  token: string;
}

/**
 * The real identity for another service's suite: accounts with any access, signed in for real, so
 * the service under test verifies real tokens and hears of users through `identity.user.v1`.
 */
export class People {
  private constructor(
    readonly identity: TestIdentity,
    readonly client: IdentityClient,
    readonly adminToken: string,
  ) {}

  static async start(overrides: Record<string, string> = {}): Promise<People> {
    const identity = await startTestIdentity(overrides);
    const client = new IdentityClient(identity.url);
    return new People(identity, client, await client.signIn(ADMIN.username, ADMIN.password));
  }

  /** A signed-in user holding `access` (and `user`), once `db`'s service has heard of them. */
  async member(db: Connection, role: Access, access: Access[] = [role]): Promise<Member> {
    const user = await this.client.userWith(this.adminToken, role, [
      ...new Set(['user' as Access, ...access]),
    ]);
    await knownTo(db, user.id);
    return user;
  }

  stop(): Promise<void> {
    return stopTestIdentity(this.identity);
  }
}

/** Waits until identity's event about a user has reached the service that owns `db`. */
export async function knownTo(db: Connection, userId: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const users = db.collection('users');
  while (!(await users.findOne({ _id: userId as never }))) {
    if (Date.now() > deadline) throw new Error(`${db.name} never heard of user ${userId}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
