import express from 'express';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { createHttpApp } from '../http/create-app';
import { createLogger } from '../logging/logger';
import { otherKeys, testKeys, testToken } from '../testing/test-keys';
import { authenticate, requireAccess, requireAuth } from './auth-middleware';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, verifySessionToken } from './session-token';

const keys = testKeys();
const userId = '64b7f0c2a1b2c3d4e5f60718';

describe('session tokens', () => {
  it('round-trips the caller', () => {
    const token = testToken({ id: userId, username: 'ana', access: ['user', 'owner'], sessionVersion: 3 });
    expect(verifySessionToken(token, keys.publicKey)).toEqual({
      id: userId,
      username: 'ana',
      role: 'user',
      access: ['user', 'owner'],
      sessionVersion: 3,
      tokenId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      expiresAt: expect.any(Date),
    });
  });

  it('rejects a token whose payload was changed', () => {
    const [header, , signature] = testToken({ id: userId }).split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: userId, access: ['admin'], sv: 0, username: 'x', role: 'admin' }),
    ).toString('base64url');
    expect(verifySessionToken(`${header}.${forged}.${signature}`, keys.publicKey)).toBeUndefined();
  });

  it('rejects an expired token', () => {
    expect(verifySessionToken(testToken({ id: userId }, keys, -10), keys.publicKey)).toBeUndefined();
  });

  it('stops accepting a token it has verified once it expires', () => {
    const token = testToken({ id: userId }, keys, 60);
    expect(verifySessionToken(token, keys.publicKey)?.id).toBe(userId);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      expect(verifySessionToken(token, keys.publicKey)).toBeUndefined();
    } finally {
      clock.mockRestore();
    }
  });

  it('does not accept a token verified under one key for another', () => {
    const token = testToken({ id: userId });
    expect(verifySessionToken(token, keys.publicKey)?.id).toBe(userId);
    expect(verifySessionToken(token, otherKeys().publicKey)).toBeUndefined();
  });

  it('rejects a token signed with another key', () => {
    expect(verifySessionToken(testToken({ id: userId }, otherKeys()), keys.publicKey)).toBeUndefined();
  });

  it('rejects an unsigned (alg: none) token', () => {
    const unsigned = jwt.sign({ username: 'x', role: 'admin', access: ['admin'], sv: 0 }, '', {
      algorithm: 'none',
      subject: userId,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    expect(verifySessionToken(unsigned, keys.publicKey)).toBeUndefined();
  });

  it('rejects an HS256 token made with the public key as secret (algorithm confusion)', () => {
    const confused = jwt.sign({ username: 'x', role: 'admin', access: ['admin'], sv: 0 }, keys.publicKey, {
      algorithm: 'HS256',
      subject: userId,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    expect(verifySessionToken(confused, keys.publicKey)).toBeUndefined();
  });

  it('rejects a token with unknown access values', () => {
    const odd = jwt.sign({ username: 'x', role: 'user', access: ['superuser'], sv: 0 }, keys.privateKey, {
      algorithm: 'RS256',
      jwtid: 'b7c1a0de-0000-4000-8000-000000000001',
      subject: userId,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    expect(verifySessionToken(odd, keys.publicKey)).toBeUndefined();
  });
});

describe('auth middleware', () => {
  const router = express.Router();
  router.get('/open', (req, res) => void res.json({ user: req.user?.id ?? null }));
  router.get('/signed-in', requireAuth, (req, res) => void res.json({ user: req.user?.id }));
  router.get('/owners', requireAccess('owner', 'admin'), (_req, res) => void res.json({ ok: true }));
  const app = createHttpApp({
    name: 'auth-test',
    logger: createLogger('auth-test', 'silent'),
    readiness: {},
    routes: [router],
    bodyLimit: '1kb',
    before: [authenticate(keys.publicKey)],
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('lets anonymous callers reach public routes', async () => {
    await request(app).get('/open').expect(200, { user: null });
  });

  it('refuses a bad token outright instead of treating it as anonymous', async () => {
    const res = await request(app).get('/open').set(bearer('a.b.c')).expect(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('requires a session where asked', async () => {
    await request(app).get('/signed-in').expect(401);
    await request(app)
      .get('/signed-in')
      .set(bearer(testToken({ id: userId })))
      .expect(200, { user: userId });
  });

  it('requires one of the listed access values', async () => {
    await request(app).get('/owners').expect(401);
    const res = await request(app)
      .get('/owners')
      .set(bearer(testToken({ id: userId, access: ['user'] })))
      .expect(403);
    expect(res.body).toEqual({ error: 'You are not allowed to do this', code: 'FORBIDDEN' });
    await request(app)
      .get('/owners')
      .set(bearer(testToken({ id: userId, access: ['user', 'owner'] })))
      .expect(200);
  });
});
