import type { Request } from 'express';
import { AUTH_BASE_PATH } from '@podz/proto';

/**
 * Where NextAuth-style answers may send the browser: only this site, as the configured public
 * origin or as the host the request came to. Anything else becomes the home page
 * (NextAuth's InvalidCallbackUrl rule), so sign-in can never be used as an open redirect.
 */
export class AuthUrls {
  constructor(private readonly publicOrigin: string) {}

  private origins(req: Request): string[] {
    return [new URL(this.publicOrigin).origin, `${req.protocol}://${req.get('host') ?? ''}`];
  }

  callback(req: Request, requested: string | undefined): string {
    const home = new URL('/', this.publicOrigin).href;
    try {
      const url = new URL(requested || '/', this.publicOrigin);
      return this.origins(req).includes(url.origin) ? url.href : home;
    } catch {
      return home;
    }
  }

  /** A relative path on this site, for the /login redirect. */
  relativeCallback(req: Request, requested: string | undefined): string {
    const url = new URL(this.callback(req, requested));
    return `${url.pathname}${url.search}${url.hash}`;
  }

  error(error: string, extra: Record<string, string> = {}): string {
    const params = new URLSearchParams({ error, ...extra });
    return `${new URL(`${AUTH_BASE_PATH}/signin`, this.publicOrigin).href}?${params}`;
  }

  provider(path: string): string {
    return new URL(`${AUTH_BASE_PATH}/${path}`, this.publicOrigin).href;
  }
}
