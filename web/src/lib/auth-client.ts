import {
  AUTH_BASE_PATH,
  type MailSent,
  type PasswordResetBody,
  type RegisterBody,
  type SessionUser,
} from '@podz/proto';
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

/** NextAuth's email provider: mails a one-time sign-in link; the answer is the same for any address. */
export async function sendSignInLink(email: string, callbackUrl: string): Promise<void> {
  const form = { csrfToken: await csrfToken(), email, callbackUrl, json: 'true' };
  await apiFetch(auth('signin/email'), { method: 'POST', form });
}

export const requestPasswordReset = (email: string) =>
  apiFetch<MailSent>(auth('password/forgot'), { method: 'POST', body: { email } });

export async function resetPassword(body: PasswordResetBody): Promise<void> {
  await apiFetch(auth('password/reset'), { method: 'POST', body });
}

export const resendVerification = () => apiFetch<MailSent>(auth('verify-email'), { method: 'POST' });

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
