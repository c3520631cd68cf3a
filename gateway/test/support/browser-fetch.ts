/**
 * What a browser adds to the `fetch` calls of a page's scripts, for client code run in Node: a
 * cookie jar for the site (Set-Cookie in, Cookie out) and an `Origin` header on unsafe requests.
 */
export class BrowserFetch {
  private readonly jar = new Map<string, string>();
  // The real fetch, kept before the test puts this one in its place.
  private readonly send = globalThis.fetch;

  constructor(private readonly origin: string) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), this.origin);
    const headers = new Headers(init.headers);
    const method = (init.method ?? 'GET').toUpperCase();
    if (url.origin === this.origin) {
      if (this.jar.size)
        headers.set('cookie', [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '));
      if (!['GET', 'HEAD'].includes(method)) headers.set('origin', this.origin);
    }
    const request = { ...init, method, headers, redirect: 'manual' as const };
    const res = await this.send(url, request).catch((err: Error & { cause?: { code?: string } }) => {
      // A kept-alive connection the server closed just as it was reused fails with no answer (seen
      // with several suites loading the machine); the request never reached the server.
      if (err.message !== 'fetch failed' || err.cause?.code !== 'ECONNRESET') throw err;
      return this.send(url, request);
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value.join('=') === '';
      if (expired) this.jar.delete(name!.trim());
      else this.jar.set(name!.trim(), value.join('='));
    }
    return res;
  };
}
