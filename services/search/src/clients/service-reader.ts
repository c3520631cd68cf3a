import { UpstreamPool } from '@podz/kit';

/** A read that took longer than this failed: the event is tried again rather than the group held up. */
const TIMEOUT_MS = 10_000;

/** The owner could not answer (down, restarting, overloaded): the read is worth trying later. */
export class OwnerUnavailable extends Error {
  constructor(path: string, cause: unknown) {
    super(
      `GET ${path}: the owner did not answer (${cause instanceof Error ? cause.message : String(cause)})`,
    );
    this.name = 'OwnerUnavailable';
  }
}

/**
 * Public reads from an owning service, as an anonymous visitor: what it answers is exactly what
 * is public, so nothing a visitor may not see can reach the index. A 404 is "not public" (null);
 * no answer, a timeout or a 5xx is `OwnerUnavailable`; any other failure throws as it is. With
 * the owner running as several instances, reads go to them in turn, and one that does not answer
 * is asked of the next.
 */
export class ServiceReader {
  private readonly instances: UpstreamPool;

  constructor(baseUrls: string | readonly string[]) {
    this.instances = new UpstreamPool(typeof baseUrls === 'string' ? [baseUrls] : baseUrls);
  }

  async get<T>(path: string): Promise<T | null> {
    const res = await this.fetchFromAny(path);
    if (res.status === 404) return null;
    if (res.status >= 500) throw new OwnerUnavailable(path, new Error(String(res.status)));
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return (await res.json()) as T;
  }

  private fetchFromAny(path: string): Promise<Response> {
    return this.instances.getFromAny(path, TIMEOUT_MS, (cause) => new OwnerUnavailable(path, cause));
  }
}
