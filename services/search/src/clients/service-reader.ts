/** A read that took longer than this failed: the event is tried again rather than the group held up. */
const TIMEOUT_MS = 10_000;

/**
 * Public reads from an owning service, as an anonymous visitor: what it answers is exactly what
 * is public, so nothing a visitor may not see can reach the index. A 404 is "not public" (null);
 * any other failure throws, and the event that asked is tried again.
 */
export class ServiceReader {
  constructor(private readonly baseUrl: string) {}

  async get<T>(path: string): Promise<T | null> {
    const res = await fetch(new URL(path, this.baseUrl), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return (await res.json()) as T;
  }
}
