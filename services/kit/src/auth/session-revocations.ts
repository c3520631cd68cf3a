import type { Redis } from 'ioredis';
import { sessionKeys } from '@podz/proto';
import type { AuthUser } from './auth-user';

const RAISE = `
local current = redis.call('GET', KEYS[1])
if not current or tonumber(current) < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
return 1
`;

/**
 * Revocation of stateless session tokens. Identity records each user's current session version and
 * every signed-out token; the gateway consults both before it lets a token through. A user with no
 * recorded version (never signed in since Redis was emptied, or deleted) has no valid session: it
 * fails closed, and signing in again records the version.
 */
export class SessionRevocations {
  constructor(private readonly redis: Redis) {}

  // One MGET (atomic) rather than a MULTI: every signed-in request asks, and ioredis's MULTI leaves
  // objects that outlive young-generation collections. A revoked token's key holds '1'.
  async isActive(user: AuthUser): Promise<boolean> {
    const [version, revoked] = await this.redis.mget(
      sessionKeys.version(user.id),
      sessionKeys.revokedToken(user.tokenId ?? '-'),
    );
    if (typeof version !== 'string' || revoked !== null) return false;
    return user.sessionVersion >= Number(version);
  }

  /**
   * Records the user's current version. It only ever rises: a sign-in that read the user just
   * before a revocation must not put the old version back.
   */
  recordVersion(userId: string, version: number): Promise<unknown> {
    return this.redis.eval(RAISE, 1, sessionKeys.version(userId), String(version));
  }

  /** Every session of the user ends at once (deletion). */
  forget(userId: string): Promise<unknown> {
    return this.redis.del(sessionKeys.version(userId));
  }

  /** Ends one session: its token is refused until it would have expired anyway. */
  revokeToken(user: AuthUser): Promise<unknown> {
    if (!user.tokenId || !user.expiresAt) return Promise.resolve();
    const ttlMs = user.expiresAt.getTime() - Date.now();
    if (ttlMs <= 0) return Promise.resolve();
    return this.redis.set(sessionKeys.revokedToken(user.tokenId), '1', 'PX', ttlMs);
  }
}
