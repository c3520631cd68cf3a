import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { SURROGATE_PURGE_CHANNEL } from '@podz/kit';

/** A response as it goes out: the bytes, their type and validators. */
export interface RenderedResponse {
  body: string;
  type: string;
  etag: string;
  lastModified?: Date;
  /** A permanent move: answered `301` to this URL, the body going along for readers that stay. */
  movedTo?: string;
}

/** Where a cached read found the cache: the generation it read under, and the entry if any. */
export interface CacheLookup {
  generation: string;
  entry: RenderedResponse | null;
}

/**
 * One round trip: the current generation and the entry stored under it. KEYS[1] the generation key;
 * the entry's key is built in the script, which a single Redis allows (a Redis Cluster would need
 * both keys in one hash slot).
 */
const READ_SCRIPT = `
local generation = redis.call('GET', KEYS[1]) or '0'
return { generation, redis.call('GET', KEYS[1] .. ':' .. generation .. ':' .. ARGV[1]) }
`;

type CachingRedis = Redis & {
  readCached(generationKey: string, key: string): Promise<[string, string | null]>;
};

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

// Stored as "<etag>\n<type>\n<last-modified ms or empty>\n<body>": one string, no re-encoding. A
// moved answer puts "moved <url>\n" in front; an etag always starts with a quote, so the two never
// mix, and entries written before moves existed read as they were.
function encode(entry: RenderedResponse): string {
  const moved = entry.movedTo ? `moved ${entry.movedTo}\n` : '';
  return `${moved}${entry.etag}\n${entry.type}\n${entry.lastModified?.getTime() ?? ''}\n${entry.body}`;
}

function decode(stored: string): RenderedResponse {
  let movedTo: string | undefined;
  let rest = stored;
  if (stored.startsWith('moved ')) {
    const end = stored.indexOf('\n');
    movedTo = stored.slice('moved '.length, end);
    rest = stored.slice(end + 1);
  }
  const etagEnd = rest.indexOf('\n');
  const typeEnd = rest.indexOf('\n', etagEnd + 1);
  const modifiedEnd = rest.indexOf('\n', typeEnd + 1);
  const modified = rest.slice(typeEnd + 1, modifiedEnd);
  return {
    etag: rest.slice(0, etagEnd),
    type: rest.slice(etagEnd + 1, typeEnd),
    ...(modified ? { lastModified: new Date(Number(modified)) } : {}),
    ...(movedTo ? { movedTo } : {}),
    body: rest.slice(modifiedEnd + 1),
  };
}

/**
 * Rendered public responses in Redis, shared by every instance of a service. Entries live under a
 * generation: `invalidate` moves every reader to a new, empty generation at once (the old entries
 * expire on their own), and an entry rendered while an invalidation ran is stored under the
 * generation it started from, where nobody reads it. The TTL bounds what no event announces
 * (a scheduled episode whose time has come).
 */
export class ResponseCache {
  private readonly redis: CachingRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
  ) {
    if (!('readCached' in redis)) redis.defineCommand('readCached', { numberOfKeys: 1, lua: READ_SCRIPT });
    this.redis = redis as CachingRedis;
  }

  /**
   * The surrogate key its answers carry: the gateway may hold them past `s-maxage`, since
   * `invalidate` purges them there too (kit's surrogate-purge).
   */
  get surrogateKey(): string {
    return this.prefix;
  }

  private get generationKey(): string {
    return `${this.prefix}:generation`;
  }

  async read(key: string): Promise<CacheLookup> {
    const [generation, stored] = await this.redis.readCached(this.generationKey, key);
    return { generation, entry: stored === null ? null : decode(stored) };
  }

  async write(generation: string, key: string, entry: RenderedResponse): Promise<void> {
    await this.redis.set(`${this.generationKey}:${generation}:${key}`, encode(entry), 'EX', this.ttlSeconds);
  }

  /**
   * The entry under `key` in the current generation, or `render`'s, stored there for the next
   * reader. With Redis unreachable the answer is rendered uncached; `warn` hears why, and of a
   * failed write.
   */
  async through(
    key: string,
    render: () => Promise<RenderedResponse>,
    warn: (err: unknown, message: string) => void,
  ): Promise<RenderedResponse> {
    const lookup = await this.read(key).catch((err: unknown) => {
      warn(err, 'response cache unreadable; answering uncached');
      return null;
    });
    if (lookup?.entry) return lookup.entry;
    const entry = await render();
    if (lookup) {
      this.write(lookup.generation, key, entry).catch((err: unknown) =>
        warn(err, 'response cache write failed'),
      );
    }
    return entry;
  }

  /** A new generation here and, in the same round trip, a purge of what the gateways hold. */
  async invalidate(): Promise<void> {
    const results = await this.redis
      .multi()
      .incr(this.generationKey)
      .publish(SURROGATE_PURGE_CHANNEL, this.surrogateKey)
      .exec();
    const failed = results?.find(([err]) => err)?.[0];
    if (failed) throw failed;
  }
}
