import request from 'supertest';
import { SESSION_COOKIE, type Access } from '@podz/proto';
import {
  IdentityClient,
  PASSWORD,
  bearer,
  uniqueUsername,
  ADMIN,
} from '../../services/identity/test/support/identity-harness';
import { ROUTE_POLICIES, expectedOutcome, type RoutePolicy } from '../src/route-policies';
import { startIdentityPlatform, type IdentityPlatform } from './support/identity-platform';

/**
 * The authorization matrix: every identity route of the gateway's policy table × every kind of
 * caller, through the real gateway to the real identity service. The expected status comes from
 * the policy table itself; a route added to the table without a sample request here fails the suite.
 */
const CALLERS: Record<string, Access[] | undefined> = {
  anonymous: undefined,
  user: ['user'],
  owner: ['user', 'owner'],
  host: ['user', 'host'],
  guest: ['user', 'guest'],
  editor: ['editor'],
  admin: ['admin'],
};

interface Cell {
  /** The caller's own throwaway account (or, for anonymous, a bystander's). */
  self: string;
  /** Another account the request may act on. */
  victim: string;
  victimName: string;
  csrf: { token: string; cookie: string };
}

interface Sample {
  /** The path with its parameters filled in. */
  path: (cell: Cell) => string;
  body?: (cell: Cell) => object;
  form?: (cell: Cell) => Record<string, string>;
  /** What an allowed caller gets. */
  success: number;
}

const unique = () => uniqueUsername('m');
const BOGUS_LINK = 'x'.repeat(43);
const SAMPLES: Record<string, Sample> = {
  'GET /api/auth/csrf': { path: () => '/api/auth/csrf', success: 200 },
  'GET /api/auth/providers': { path: () => '/api/auth/providers', success: 200 },
  'GET /api/auth/session': { path: () => '/api/auth/session', success: 200 },
  'POST /api/auth/session': {
    path: () => '/api/auth/session',
    body: ({ csrf }) => ({ csrfToken: csrf.token }),
    success: 200,
  },
  'POST /api/auth/callback/credentials': {
    path: () => '/api/auth/callback/credentials',
    form: ({ csrf }) => ({
      csrfToken: csrf.token,
      username: ADMIN.username,
      password: ADMIN.password,
      json: 'true',
    }),
    success: 200,
  },
  'POST /api/auth/signout': {
    path: () => '/api/auth/signout',
    form: ({ csrf }) => ({ csrfToken: csrf.token, json: 'true' }),
    success: 200,
  },
  'POST /api/auth/_log': {
    path: () => '/api/auth/_log',
    form: () => ({ level: 'error', code: 'MATRIX' }),
    success: 204,
  },
  'GET /api/auth/signin': { path: () => '/api/auth/signin?error=SessionRequired', success: 302 },
  'GET /api/auth/error': { path: () => '/api/auth/error?error=CredentialsSignin', success: 302 },
  'POST /api/auth/register': {
    path: () => '/api/auth/register',
    body: () => {
      const username = unique();
      return { username, email: `${username}@example.org`, password: PASSWORD };
    },
    success: 201,
  },
  'POST /api/auth/signin/email': {
    path: () => '/api/auth/signin/email',
    form: ({ csrf }) => ({ csrfToken: csrf.token, email: `${unique()}@example.org`, json: 'true' }),
    success: 200,
  },
  // A well-formed link that was never issued: the route is reached and the link is refused.
  'GET /api/auth/callback/email': {
    path: () => `/api/auth/callback/email?token=${BOGUS_LINK}&email=nobody@example.org`,
    success: 302,
  },
  'GET /api/auth/verify-request': { path: () => '/api/auth/verify-request', success: 302 },
  'POST /api/auth/password/forgot': {
    path: () => '/api/auth/password/forgot',
    body: () => ({ email: `${unique()}@example.org` }),
    success: 202,
  },
  'POST /api/auth/password/reset': {
    path: () => '/api/auth/password/reset',
    body: () => ({ email: 'nobody@example.org', token: BOGUS_LINK, password: PASSWORD }),
    success: 400,
  },
  'GET /api/auth/verify-email': {
    path: () => `/api/auth/verify-email?token=${BOGUS_LINK}&email=nobody@example.org`,
    success: 302,
  },
  'POST /api/auth/verify-email': { path: () => '/api/auth/verify-email', success: 202 },
  'GET /api/user': { path: () => '/api/user', success: 200 },
  'DELETE /api/user/sessions': { path: () => '/api/user/sessions', success: 204 },
  'GET /api/users': { path: () => '/api/users?userType=host', success: 200 },
  'GET /api/users/user-count': { path: () => '/api/users/user-count?userType=crew', success: 200 },
  'GET /api/users/:id': { path: ({ self }) => `/api/users/${self}`, success: 200 },
  'GET /api/users/name/:username': {
    path: ({ victimName }) => `/api/users/name/${victimName}`,
    success: 200,
  },
  'PATCH /api/users/:id': {
    path: ({ self }) => `/api/users/${self}`,
    body: () => ({ bio: 'matrix' }),
    success: 200,
  },
  'PATCH /api/users/:id/plan': {
    path: ({ self }) => `/api/users/${self}/plan`,
    // The one plan change a member may make themselves; paid plans are bought (billing).
    body: () => ({ plan: 'free' }),
    success: 200,
  },
  'DELETE /api/users/:id': {
    path: ({ self }) => `/api/users/${self}`,
    body: () => ({ password: PASSWORD }),
    success: 204,
  },
  'POST /api/users/admin-added-user': {
    path: () => '/api/users/admin-added-user',
    body: () => {
      const username = unique();
      return { username, email: `${username}@example.org`, password: PASSWORD, role: 'user' };
    },
    success: 201,
  },
  'PUT /api/users/admin-added-user': {
    path: () => '/api/users/admin-added-user',
    body: ({ victim }) => ({ id: victim, bio: 'edited' }),
    success: 200,
  },
  'PUT /api/users/:id': {
    path: ({ victim }) => `/api/users/${victim}`,
    body: () => ({ role: 'user', access: ['user', 'host'] }),
    success: 200,
  },
};

let platform: IdentityPlatform;
let direct: IdentityClient;
let adminToken: string;
const identityRoutes = ROUTE_POLICIES.filter((route) => route.service === 'identity');
const key = (route: RoutePolicy) => `${route.method} ${route.path}`;

beforeAll(async () => {
  platform = await startIdentityPlatform();
  direct = new IdentityClient(platform.identity.url);
  adminToken = await direct.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => platform?.stop());

/** A throwaway account with the given access, made and signed in straight at identity. */
async function account(access: Access[]) {
  const username = unique();
  const res = await request(platform.identity.url)
    .post('/api/users/admin-added-user')
    .set(bearer(adminToken))
    .send({ username, email: `${username}@example.org`, password: PASSWORD, role: access[0], access })
    .expect(201);
  return { id: res.body.id as string, username, token: await direct.signIn(username, PASSWORD) };
}

it('has a sample request for every identity route in the policy table', () => {
  expect(identityRoutes.length).toBeGreaterThanOrEqual(20);
  expect(identityRoutes.map(key).filter((route) => !SAMPLES[route])).toEqual([]);
});

describe.each(Object.entries(CALLERS))('as %s', (caller, access) => {
  it.each(identityRoutes.map((route) => [key(route), route] as const))('%s', async (_name, route) => {
    const sample = SAMPLES[key(route)]!;
    const expected = expectedOutcome(route.policy, access);
    const victim = await account(['user']);
    const me = access ? await account(access) : undefined;
    const csrf = await direct.csrf();
    const cell: Cell = { self: me?.id ?? victim.id, victim: victim.id, victimName: victim.username, csrf };

    const cookies = [csrf.cookie, ...(me ? [`${SESSION_COOKIE}=${me.token}`] : [])].join('; ');
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const api = request(platform.gateway.url);
    let call = api[method](sample.path(cell))
      .set('cookie', cookies)
      .set('origin', platform.origin)
      .redirects(0);
    if (sample.form) call = call.type('form').send(sample.form(cell));
    else if (sample.body) call = call.send(sample.body(cell));
    const res = await call;

    if (expected === 'allowed') {
      expect({ caller, status: res.status, body: res.body }).toEqual({
        caller,
        status: sample.success,
        body: expect.anything(),
      });
    } else {
      expect({ caller, status: res.status }).toEqual({ caller, status: expected });
      expect(res.body.code).toBe(expected === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN');
    }
  });
});
