import { AUTH_BASE_PATH, type RegisterBody, type SessionUser } from '@podz/proto';
import { apiFetch } from './api-client';

/** The NextAuth-shaped session calls (spec §7), under the authentication base path. */
const auth = (call: string) => `${AUTH_BASE_PATH}/${call}`;

export interface Session {
  user: SessionUser;
  expires: string;
}

/** The current session, or undefined when signed out (the API answers `{}`). */
export async function fetchSession(): Promise<Session | undefined> {
  const session = await apiFetch<Partial<Session>>(auth('session'));
  return session.user ? (session as Session) : undefined;
}

async function csrfToken(): Promise<string> {
  return (await apiFetch<{ csrfToken: string }>(auth('csrf'))).csrfToken;
}

/** Credentials sign-in; a refusal throws with the API's message ("Invalid username or password"…). */
export async function signInWithCredentials(username: string, password: string): Promise<void> {
  const form = { csrfToken: await csrfToken(), username, password, json: 'true', callbackUrl: '/mypodcasts' };
  await apiFetch(auth('callback/credentials'), { method: 'POST', form });
}

export async function signOut(): Promise<void> {
  const form = { csrfToken: await csrfToken(), callbackUrl: '/', json: 'true' };
  await apiFetch(auth('signout'), { method: 'POST', form });
}

export async function register(body: RegisterBody): Promise<void> {
  await apiFetch(auth('register'), { method: 'POST', body });
}

/** Client-side failures go to the server's log, as NextAuth's client does (spec §8). */
export function logClientError(code: 'CLIENT_FETCH_ERROR' | 'CLIENT_SESSION_ERROR', error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  void apiFetch(auth('_log'), { method: 'POST', form: { level: 'error', code, message } }).catch(() => {});
}
