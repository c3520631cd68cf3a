import { generateKeyPairSync } from 'node:crypto';
import type { AuthUser } from '../auth/auth-user';
import { signSessionToken } from '../auth/session-token';

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

let cached: KeyPair | undefined;

/** An RS256 key pair made for this test process; tests never read keys from disk or env. */
export function testKeys(): KeyPair {
  cached ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return cached;
}

export function otherKeys(): KeyPair {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

export function testToken(
  user: Partial<AuthUser> & { id: string },
  keys: KeyPair = testKeys(),
  expiresIn = 600,
): string {
  return signSessionToken(
    { username: 'tester', role: 'user', access: ['user'], sessionVersion: 0, ...user },
    keys.privateKey,
    expiresIn,
  );
}
