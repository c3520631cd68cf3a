import { createPrivateKey, createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { accessSchema } from '@podz/proto';
import { LruMap } from '../cache/lru-map';
import type { AuthUser } from './auth-user';

/** Identity signs sessions with its private key; everyone else only ever holds the public key. */
export const TOKEN_ISSUER = 'podz-identity';
export const TOKEN_AUDIENCE = 'podz';
const ALGORITHM = 'RS256';

const claimsSchema = z.object({
  sub: z.string().min(1),
  username: z.string(),
  role: z.string(),
  access: z.array(accessSchema),
  sv: z.number().int().min(0),
  jti: z.string().min(1),
  exp: z.number().int(),
});

// Parsing a PEM key costs more than checking a signature with it: each is parsed once per process.
const parsedKeys = new Map<string, KeyObject>();
function parsed(pem: string, parse: (pem: string) => KeyObject): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    key = parse(pem);
    parsedKeys.set(pem, key);
  }
  return key;
}

export function signSessionToken(user: AuthUser, privateKey: string, expiresInSeconds: number): string {
  return jwt.sign(
    { username: user.username, role: user.role, access: user.access, sv: user.sessionVersion },
    parsed(privateKey, createPrivateKey),
    {
      algorithm: ALGORITHM,
      subject: user.id,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      expiresIn: expiresInSeconds,
      jwtid: randomUUID(),
    },
  );
}

/**
 * Tokens this process has verified, per public key: a signature check costs about a third of a
 * millisecond, as much as the rest of a cached read, and a member's browser sends the same token on
 * every request. Only valid tokens are kept (junk cannot push them out), each until it expires;
 * revocation is checked on every request elsewhere (SessionRevocations), not remembered here.
 */
const VERIFIED_TOKENS = 10_000;
const verifiedByKey = new Map<string, LruMap<string, { user: AuthUser; expiresAtMs: number }>>();

/**
 * The caller of a valid token, or undefined for anything else: tampered, expired, signed with
 * another key or another algorithm (including `none`), or carrying claims of the wrong shape.
 */
export function verifySessionToken(token: string, publicKey: string): AuthUser | undefined {
  let verified = verifiedByKey.get(publicKey);
  if (!verified) {
    verified = new LruMap(VERIFIED_TOKENS);
    verifiedByKey.set(publicKey, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (known.expiresAtMs > Date.now()) return { ...known.user };
    verified.delete(token);
    return undefined;
  }
  const checked = checkSignature(token, publicKey);
  if (!checked) return undefined;
  verified.set(token, checked);
  return { ...checked.user };
}

function checkSignature(
  token: string,
  publicKey: string,
): { user: AuthUser; expiresAtMs: number } | undefined {
  try {
    const decoded = jwt.verify(token, parsed(publicKey, createPublicKey), {
      algorithms: [ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    const claims = claimsSchema.safeParse(decoded);
    if (!claims.success) return undefined;
    const { sub, username, role, access, sv, jti, exp } = claims.data;
    const user = {
      id: sub,
      username,
      role,
      access,
      sessionVersion: sv,
      tokenId: jti,
      expiresAt: new Date(exp * 1000),
    };
    return { user, expiresAtMs: exp * 1000 };
  } catch {
    return undefined;
  }
}
