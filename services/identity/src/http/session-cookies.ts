import type { Request, Response } from 'express';
import { parse, serialize, type SerializeOptions } from 'cookie';
import { CSRF_COOKIE, SESSION_COOKIE } from '@podz/proto';
import type { IdentityConfig } from '../config';

/** The cookies of a browser session: httpOnly, SameSite=Lax, Secure behind TLS. */
export class SessionCookies {
  private readonly base: SerializeOptions;

  constructor(config: IdentityConfig) {
    this.base = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.COOKIE_SECURE ?? config.NODE_ENV === 'production',
    };
  }

  read(req: Request): Record<string, string | undefined> {
    return parse(req.headers.cookie ?? '');
  }

  setSession(res: Response, token: string, expires: Date): void {
    res.append('set-cookie', serialize(SESSION_COOKIE, token, { ...this.base, expires }));
  }

  clearSession(res: Response): void {
    res.append(
      'set-cookie',
      serialize(SESSION_COOKIE, '', { ...this.base, expires: new Date(0), maxAge: 0 }),
    );
  }

  /** Lives as long as the browser session, like NextAuth's. */
  setCsrf(res: Response, value: string): void {
    res.append('set-cookie', serialize(CSRF_COOKIE, value, this.base));
  }
}
