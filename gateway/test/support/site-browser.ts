import { SESSION_COOKIE } from '@podz/proto';
import { PASSWORD } from '../../../services/identity/test/support/identity-harness';
import { BrowserFetch } from './browser-fetch';

/** A browser on the site that speaks JSON to the API and signs in the way the web app does. */
export class SiteBrowser extends BrowserFetch {
  async json(path: string, method = 'GET', body?: unknown) {
    const res = await this.fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // Answers are checked field by field by the expectations that read them.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const answer: any = res.status === 204 ? undefined : await res.json();
    return { status: res.status, body: answer };
  }

  async signIn(username: string, password: string) {
    const { csrfToken } = (await this.json('/api/auth/csrf')).body as { csrfToken: string };
    const res = await this.fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, username, password, json: 'true', callbackUrl: '/' }),
    });
    expect(res.status).toBe(200);
    expect(this.cookie(SESSION_COOKIE)).toBeDefined();
  }

  /** A newly registered member, signed in. */
  static async member(origin: string, prefix = 'member'): Promise<SiteBrowser> {
    const browser = new SiteBrowser(origin);
    const username = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    const registered = await browser.json('/api/auth/register', 'POST', {
      username,
      email: `${username}@example.org`,
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    await browser.signIn(username, PASSWORD);
    return browser;
  }
}
