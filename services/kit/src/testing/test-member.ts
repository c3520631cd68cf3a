import type { Redis } from 'ioredis';
import { Types } from 'mongoose';
import type { Access } from '@podz/proto';
import { SessionRevocations } from '../auth/session-revocations';
import { testToken } from './test-keys';

/** A caller signed with the test key: what a service that keeps no copy of users is called by. */
export interface TestMember {
  id: string;
  username: string;
  token: string;
}

let serial = 0;

/**
 * A new session holding `access`, its version recorded in Redis as identity would record it at
 * sign-in (every service checks it), for suites of services that keep no read model of users.
 */
export async function testMember(redis: Redis, role: Access, access: Access[] = [role]): Promise<TestMember> {
  const id = new Types.ObjectId().toHexString();
  const username = `${role}${++serial}`;
  await new SessionRevocations(redis).recordVersion(id, 0);
  return { id, username, token: testToken({ id, username, role, access, sessionVersion: 0 }) };
}
