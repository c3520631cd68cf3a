import request from 'supertest';
import { loadConfig, type RunningService } from '@podz/kit';
import { testServiceEnv } from '@podz/kit/testing';
import { offerPlans } from '@podz/read-models/testing';
import { CSRF_COOKIE, SESSION_COOKIE, type Access } from '@podz/proto';
import { identityConfigSchema, type IdentityConfig } from '../../src/config';
import { startIdentity } from '../../src/identity-service';

export const ADMIN = { username: 'admin', email: 'admin@podz.test', password: 'first-admin-pass-1' };
export const PASSWORD = 'correct horse 42';

export type TestIdentity = RunningService<IdentityConfig>;

/**
 * Identity on the real store, broker and cache, with a database of its own and a seeded admin.
 * Unless `plans: false` (a stack whose content service offers them), it hears the test plans
 * (kit `TEST_PLANS`: free, pro, network, and an inactive one) before it is handed over.
 */
export async function startTestIdentity(
  overrides: Record<string, string> = {},
  { plans = true }: { plans?: boolean } = {},
): Promise<TestIdentity> {
  const identity = await startIdentity(
    loadConfig(
      identityConfigSchema,
      testServiceEnv('identity', {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        PUBLIC_ORIGIN: 'http://podz.test',
        ...overrides,
      }),
    ),
  );
  if (plans)
    await offerPlans(identity).catch(async (error: unknown) => {
      await stopTestIdentity(identity);
      throw error;
    });
  return identity;
}

export async function stopTestIdentity(identity: TestIdentity | undefined): Promise<void> {
  if (!identity) return;
  await identity.context.db.dropDatabase().catch(() => undefined);
  await identity.stop();
}

/** Every `Set-Cookie` line of an answer. */
export function cookieLines(res: request.Response): string[] {
  return ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
}

/** The value of a cookie the answer set, or undefined. */
export function setCookie(res: request.Response, name: string): string | undefined {
  const line = cookieLines(res).find((cookie) => cookie.startsWith(`${name}=`));
  return line ? decodeURIComponent(line.slice(name.length + 1).split(';')[0]!) : undefined;
}

let counter = 0;
export const uniqueUsername = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

/** Talks to identity as the gateway would: a cookie jar for CSRF, and the session as a Bearer token. */
export class IdentityClient {
  constructor(readonly url: string) {}

  async csrf(): Promise<{ token: string; cookie: string }> {
    const res = await request(this.url).get('/api/auth/csrf').expect(200);
    return {
      token: res.body.csrfToken,
      cookie: `${CSRF_COOKIE}=${encodeURIComponent(setCookie(res, CSRF_COOKIE)!)}`,
    };
  }

  async register(fields: { username?: string; email?: string; password?: string } = {}) {
    const username = fields.username ?? uniqueUsername();
    const body = {
      username,
      email: fields.email ?? `${username}@example.org`,
      password: fields.password ?? PASSWORD,
    };
    const res = await request(this.url).post('/api/auth/register').send(body).expect(201);
    return { ...body, id: res.body.id as string };
  }

  /** Signs in through the NextAuth credentials callback and returns the session token. */
  async signIn(login: string, password: string): Promise<string> {
    const csrf = await this.csrf();
    const res = await request(this.url)
      .post('/api/auth/callback/credentials')
      .set('cookie', csrf.cookie)
      .type('form')
      .send({ csrfToken: csrf.token, username: login, password, json: 'true', callbackUrl: '/' })
      .expect(200);
    const token = setCookie(res, SESSION_COOKIE);
    if (!token) throw new Error(`sign-in as ${login} set no session cookie`);
    return token;
  }

  /** A new account with the given access, made by the admin, signed in. */
  async userWith(admin: string, role: Access, access: Access[] = [role]) {
    const username = uniqueUsername(role);
    const res = await request(this.url)
      .post('/api/users/admin-added-user')
      .set(bearer(admin))
      .send({ username, email: `${username}@example.org`, password: PASSWORD, role, access })
      .expect(201);
    return { id: res.body.id as string, username, token: await this.signIn(username, PASSWORD) };
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
