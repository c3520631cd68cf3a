/**
 * The browser session contract shared by identity (which issues it) and the gateway (which reads
 * it). Names follow NextAuth.js v4's, so its client and tooling recognise them.
 */
export const SESSION_COOKIE = 'podz.session-token';
export const CSRF_COOKIE = 'podz.csrf-token';

/** A session lasts 30 days, NextAuth's default. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Base path of the NextAuth-shaped session calls (spec §7). */
export const AUTH_BASE_PATH = '/api/auth';

/** Redis keys of session revocation, written by identity and read by the gateway. */
export const sessionKeys = {
  /** Current session version of a user; tokens with an older version are revoked. */
  version: (userId: string) => `podz:session:version:${userId}`,
  /** One signed-out token, kept until it would have expired anyway. */
  revokedToken: (tokenId: string) => `podz:session:revoked:${tokenId}`,
};
