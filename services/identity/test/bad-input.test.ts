import request from 'supertest';
import { otherKeys, testToken } from '@podz/kit/testing';
import {
  ADMIN,
  IdentityClient,
  PASSWORD,
  bearer,
  setCookie,
  startTestIdentity,
  stopTestIdentity,
  type TestIdentity,
} from './support/identity-harness';

let identity: TestIdentity;
let client: IdentityClient;
let admin: string;
const api = () => request(identity.url);

beforeAll(async () => {
  identity = await startTestIdentity({ BODY_LIMIT: '16kb' });
  client = new IdentityClient(identity.url);
  admin = await client.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => stopTestIdentity(identity));

/** Every bad answer is a 4xx in the API error shape. */
function expectApiError(res: request.Response, status: number, code?: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual(
    expect.objectContaining({ error: expect.any(String), code: code ?? expect.any(String) }),
  );
}

describe('bad input never gives a 5xx', () => {
  it('malformed ids are 400 INVALID_ID on every /api/users/{id} route', async () => {
    for (const id of ['123', 'zzzzzzzzzzzzzzzzzzzzzzzz', '0123456789abcdef012345678', '{"$gt":""}']) {
      const path = `/api/users/${encodeURIComponent(id)}`;
      expectApiError(await api().get(path), 400, 'INVALID_ID');
      expectApiError(await api().patch(path).set(bearer(admin)).send({ bio: 'x' }), 400, 'INVALID_ID');
      expectApiError(
        await api().patch(`${path}/plan`).set(bearer(admin)).send({ plan: 'pro' }),
        400,
        'INVALID_ID',
      );
      expectApiError(
        await api()
          .put(path)
          .set(bearer(admin))
          .send({ role: 'user', access: ['user'] }),
        400,
        'INVALID_ID',
      );
      expectApiError(await api().delete(path).set(bearer(admin)), 400, 'INVALID_ID');
    }
    expectApiError(
      await api().put('/api/users/admin-added-user').set(bearer(admin)).send({ id: 'nope', bio: 'x' }),
      400,
      'INVALID_ID',
    );
  });

  it('operator injection in JSON bodies is 400 and changes nothing', async () => {
    const user = await client.register();
    const token = await client.signIn(user.username, PASSWORD);
    const injections = [
      { username: { $ne: null }, email: 'x@example.org', password: PASSWORD },
      { username: 'fine-name', email: { $gt: '' }, password: PASSWORD },
      { username: 'fine-name', email: 'x@example.org', password: { $ne: null } },
    ];
    for (const body of injections)
      expectApiError(await api().post('/api/auth/register').send(body), 400, 'VALIDATION_FAILED');
    expectApiError(
      await api()
        .patch(`/api/users/${user.id}`)
        .set(bearer(token))
        .send({ username: { $ne: null } }),
      400,
    );
    expectApiError(
      await api()
        .patch(`/api/users/${user.id}`)
        .set(bearer(token))
        .send({ $set: { access: ['admin'] } }),
      400,
    );
    expectApiError(
      await api()
        .put(`/api/users/${user.id}`)
        .set(bearer(admin))
        .send({ role: 'user', access: { $in: ['admin'] } }),
      400,
    );
    const after = await api().get('/api/user').set(bearer(token)).expect(200);
    expect(after.body).toMatchObject({ username: user.username, access: ['user'] });
  });

  it('operator injection in sign-in (JSON or form) signs nobody in', async () => {
    const csrf = await client.csrf();
    const json = await api()
      .post('/api/auth/callback/credentials')
      .set('cookie', csrf.cookie)
      .send({ csrfToken: csrf.token, json: 'true', username: { $ne: null }, password: { $ne: null } });
    expectApiError(json, 400, 'VALIDATION_FAILED');
    const form = await api()
      .post('/api/auth/callback/credentials')
      .set('cookie', csrf.cookie)
      .type('form')
      .send(`csrfToken=${csrf.token}&json=true&username[$ne]=x&password[$ne]=x`);
    expect(form.status).toBe(401);
    expect(setCookie(form, 'podz.session-token')).toBeUndefined();
  });

  it('malformed JSON is 400 and oversized bodies are 413', async () => {
    expectApiError(
      await api().post('/api/auth/register').set('content-type', 'application/json').send('{"username":'),
      400,
      'MALFORMED_JSON',
    );
    const big = {
      username: 'big-one',
      email: 'big@example.org',
      password: PASSWORD,
      pad: 'x'.repeat(20_000),
    };
    expectApiError(await api().post('/api/auth/register').send(big), 413, 'PAYLOAD_TOO_LARGE');
    const csrf = await client.csrf();
    const form = await api()
      .post('/api/auth/callback/credentials')
      .set('cookie', csrf.cookie)
      .type('form')
      .send({ csrfToken: csrf.token, username: 'x', password: 'y'.repeat(20_000) });
    expectApiError(form, 413, 'PAYLOAD_TOO_LARGE');
    const manyParams = Array.from({ length: 50 }, (_, i) => `p${i}=1`).join('&');
    expectApiError(await api().post('/api/auth/signout').type('form').send(manyParams), 413);
  });

  it('tampered, expired, unsigned and foreign tokens are 401', async () => {
    const user = await client.register();
    const token = await client.signIn(user.username, PASSWORD);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const elevated = Buffer.from(JSON.stringify({ ...claims, access: ['admin'] })).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const bad = [
      `${header}.${elevated}.${signature}`,
      testToken({ id: user.id, sessionVersion: 0 }, undefined, -60),
      none,
      testToken({ id: user.id, access: ['admin'] }, otherKeys()),
      'not-a-token',
    ];
    for (const value of bad) {
      expectApiError(await api().get('/api/user').set(bearer(value)), 401, 'UNAUTHENTICATED');
      expectApiError(await api().post('/api/users/admin-added-user').set(bearer(value)).send({}), 401);
    }
  });

  it('an unknown route is a 404 in the API shape', async () => {
    expectApiError(await api().get('/api/users/0123456789abcdef01234567/secrets'), 404, 'NOT_FOUND');
  });
});
