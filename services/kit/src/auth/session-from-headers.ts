import { parse } from 'cookie';
import { SESSION_COOKIE } from '@podz/proto';

const BEARER = /^Bearer (\S+)$/;

/** The session a request carries: a Bearer token from an API client, or the browser's cookie. */
export function sessionFromHeaders(headers: { cookie?: string; authorization?: string }): string | undefined {
  const fromHeader = BEARER.exec(headers.authorization ?? '')?.[1];
  return fromHeader ?? parse(headers.cookie ?? '')[SESSION_COOKIE];
}
