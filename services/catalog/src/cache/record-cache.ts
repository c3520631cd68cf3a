import { mongo, type Types } from 'mongoose';
import type { Redis } from 'ioredis';
import { keyed, LruMap, type Keyed, type KeptRecords, type Logger, type RecordKeys } from '@podz/kit';

/** How long a record not written or read again stays (a cold one is read from the store again). */
const RECORD_SECONDS = 7 * 24 * 3600;
/** An id's write counter outlives any read that could race with the write by far. */
const EPOCH_SECONDS = 24 * 3600;
/** Aliases whose id this process remembers (a few dozen bytes each): more than a network's shows. */
const ALIASES_REMEMBERED = 20_000;

// Sets each record whose id has seen no write since the reader looked (its epoch is unchanged).
// KEYS: record and epoch key pairs; ARGV: ttl, then per pair the epoch seen (or '') and the bytes.
const FILL_SCRIPT = `
local filled = 0
for i = 1, #KEYS, 2 do
  local seen = ARGV[i + 1]
  local now = redis.call('GET', KEYS[i + 1]) or ''
  if now == seen then
    redis.call('SET', KEYS[i], ARGV[i + 2], 'EX', ARGV[1])
    filled = filled + 1
  end
end
return filled
`;

// The id an alias names and that id's record, in one round trip. KEYS[1] the alias key; ARGV[1]
// the records' key prefix (built in the script, which a single Redis allows; a Redis Cluster would
// need the keys in one hash slot).
const BY_ALIAS_SCRIPT = `
local id = redis.call('GET', KEYS[1])
if not id then return nil end
return { id, redis.call('GET', ARGV[1] .. id) }
`;

type FillingRedis = Redis & {
  fillRecords(numKeys: number, ...args: (string | Buffer)[]): Promise<number>;
  recordByAliasBuffer(aliasKey: string, recordPrefix: string): Promise<[Buffer, Buffer | null] | null>;
};

/**
 * Documents kept in Redis beside the store, by id, so that a keyed read costs one Redis round trip
 * instead of a store statement: what a store that decodes every document it reads (FerretDB) needs
 * to serve a page of 10 episodes in a few milliseconds under load. The store stays the truth:
 *
 * - every write, once the store has it, calls `invalidate`: the record goes and the id's epoch
 *   moves on;
 * - a reader that misses loads from the store and fills the record only if the id's epoch is
 *   still the one it saw before loading, so an answer read before a write is never kept after it;
 * - records expire when unused for a week; if Redis fails, reads go to the store.
 *
 * Documents are kept as BSON, as the store has them, so ids and dates come back as they left it;
 * readers get them as records (`keyed`).
 */
export class RecordCache<S extends { _id: Types.ObjectId }, T extends Keyed<S> = Keyed<S>> {
  private readonly redis: FillingRedis;
  /** Where records and epochs are kept: a list page can read them with its ids (`RankedLists`). */
  readonly keys: RecordKeys;
  /** The id each alias named when this process last read it: a guess, never an answer (`idLastNamed`). */
  private readonly lastNamed = new LruMap<string, string>(ALIASES_REMEMBERED);

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
    /** Reads live documents by id from the store. */
    private readonly load: (ids: string[]) => Promise<S[]>,
  ) {
    if (!('fillRecords' in redis)) redis.defineCommand('fillRecords', { lua: FILL_SCRIPT });
    if (!('recordByAlias' in redis)) {
      redis.defineCommand('recordByAlias', { numberOfKeys: 1, lua: BY_ALIAS_SCRIPT });
    }
    this.redis = redis as FillingRedis;
    this.keys = { record: `${prefix}:record:`, epoch: `${prefix}:epoch:` };
  }

  private recordKey(id: string): string {
    return `${this.keys.record}${id}`;
  }

  private epochKey(id: string): string {
    return `${this.keys.epoch}${id}`;
  }

  private aliasKey(alias: string): string {
    return `${this.prefix}:alias:${alias}`;
  }

  /**
   * The documents with these ids the store has, in no particular order: from Redis where kept,
   * the rest from the store, then kept for the next reader. `kept`, when the caller already read
   * what Redis keeps of these ids (a list page with its records), saves the round trip.
   */
  async read(ids: string[], kept?: KeptRecords): Promise<T[]> {
    if (ids.length === 0) return [];
    const inRedis = kept ?? (await this.kept(ids));
    if (!inRedis) return (await this.load(ids)).map(this.record);
    const { records: cached, epochs } = inRedis;
    const found: T[] = [];
    const missing: string[] = [];
    ids.forEach((id, index) => {
      const bytes = cached[index];
      if (bytes) found.push(this.record(mongo.BSON.deserialize(bytes) as S));
      else missing.push(id);
    });
    if (missing.length === 0) return found;
    const loaded = await this.load(missing);
    const seen = new Map(ids.map((id, index) => [id, epochs[index] ?? '']));
    await this.fill(loaded, seen);
    return [...found, ...loaded.map(this.record)];
  }

  /** What Redis keeps of these ids; null (said in the log) when it cannot answer. */
  private async kept(ids: string[]): Promise<KeptRecords | null> {
    try {
      const results = await this.redis
        .pipeline()
        .mgetBuffer(...ids.map((id) => this.recordKey(id)))
        .mget(...ids.map((id) => this.epochKey(id)))
        .exec();
      const [records, epochs] = results ?? [];
      if (!records || !epochs) throw new Error('the record cache pipeline answered nothing');
      for (const [err] of [records, epochs]) if (err) throw err;
      return { records: records[1] as (Buffer | null)[], epochs: epochs[1] as (string | null)[] };
    } catch (err) {
      this.logger.warn({ err }, 'record cache unreadable; reading the store');
      return null;
    }
  }

  /**
   * The document a unique key names (a URL name, say): Redis remembers which id had it, and the
   * record must still `match` it; otherwise `find` reads the store and the id is remembered.
   */
  async readByAlias(
    alias: string,
    matches: (doc: T) => boolean,
    find: () => Promise<S | null>,
  ): Promise<T | null> {
    const found = await this.redis
      .recordByAliasBuffer(this.aliasKey(alias), this.recordKey(''))
      .catch(() => null);
    if (found) {
      const [id, bytes] = found;
      const [doc] = bytes
        ? [this.record(mongo.BSON.deserialize(bytes) as S)]
        : await this.read([id.toString()]);
      if (doc && matches(doc)) return this.named(alias, doc);
    }
    const stored = await find();
    if (!stored) return null;
    const doc = this.record(stored);
    await this.remember(alias, doc.id).catch((err: unknown) =>
      this.logger.warn({ err }, 'record alias not kept'),
    );
    return this.named(alias, doc);
  }

  /**
   * The id `alias` named when this process last read it, if it did: lets a caller start reads that
   * need the id beside `readByAlias` instead of after it, one round trip instead of two in a row.
   * Only a guess (the alias may have moved on since): the caller keeps what it read only if
   * `readByAlias` answers the same id.
   */
  idLastNamed(alias: string): string | undefined {
    return this.lastNamed.get(alias);
  }

  private named(alias: string, doc: T): T {
    this.lastNamed.set(alias, doc.id);
    return doc;
  }

  /** Remembers which id `alias` names (a reader checks the record against it, so a stale one is harmless). */
  async remember(alias: string, id: string): Promise<void> {
    await this.redis.set(this.aliasKey(alias), id, 'EX', RECORD_SECONDS);
  }

  /** Records of these ids are dropped, and reads that began before this call will not keep theirs. */
  async invalidate(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const transaction = this.redis.multi();
    for (const id of ids) {
      transaction.incr(this.epochKey(id)).expire(this.epochKey(id), EPOCH_SECONDS).del(this.recordKey(id));
    }
    // A failure leaves a record the store no longer agrees with: the caller must hear of it.
    const results = (await transaction.exec()) ?? [];
    for (const [err] of results) if (err) throw err;
  }

  /**
   * After a write the store already has: a failure to drop is logged, not thrown (the write
   * stands), and the caller's own event drops the records again.
   */
  async invalidateAfterWrite(ids: string[]): Promise<void> {
    await this.invalidate(ids).catch((err: unknown) =>
      this.logger.warn({ err, count: ids.length }, 'records not dropped after a write'),
    );
  }

  private readonly record = (doc: S): T => keyed(doc) as T;

  private async fill(docs: S[], seen: Map<string, string>): Promise<void> {
    if (docs.length === 0) return;
    const keys: string[] = [];
    const args: (string | Buffer)[] = [String(RECORD_SECONDS)];
    for (const doc of docs) {
      const id = doc._id.toHexString();
      keys.push(this.recordKey(id), this.epochKey(id));
      args.push(seen.get(id) ?? '', Buffer.from(mongo.BSON.serialize(doc)));
    }
    await this.redis
      .fillRecords(keys.length, ...keys, ...args)
      .catch((err: unknown) => this.logger.warn({ err }, 'records not kept'));
  }
}
