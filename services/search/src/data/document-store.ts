import type { Redis } from 'ioredis';
import { documentKey, type Cue, type DocumentKind, type SearchDocument } from './search-document';

// Clears a pending refresh only if it was not filed again (with a later time) meanwhile.
// KEYS[1] the pending set; ARGV[1] the document key, ARGV[2] the score read with it.
const CLEAR_PENDING = `
if redis.call('ZSCORE', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
`;

/** How many changes the stream keeps: an instance whose snapshot is older loads every document. */
const CHANGES_KEPT = 500_000;

/** One entry of the change stream: the document's key, and where in the stream it is. */
interface Change {
  streamId: string;
  key: string;
}

/**
 * What is searchable, kept in Redis beside the index: each document by key (the truth the indexes
 * are built from, and what an answer's page is filled from), each episode's transcript cues, each
 * show's indexed episodes, the set of every document's key, and a stream of changes that every
 * instance's index follows. A write, its key in the set and its entry in the stream are one
 * transaction, so no instance misses a change.
 */
export class DocumentStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private docKey(key: string) {
    return `${this.prefix}:doc:${key}`;
  }

  private cuesKey(episodeId: string) {
    return `${this.prefix}:cues:${episodeId}`;
  }

  private showEpisodesKey(showId: string) {
    return `${this.prefix}:show-episodes:${showId}`;
  }

  /** Every document's key: what a rebuild's sweep and a full load walk, never the whole keyspace. */
  private get keysKey() {
    return `${this.prefix}:keys`;
  }

  /** Set once the key set holds the documents stored before it existed (`listOlderKeys`). */
  private get keysCompleteKey() {
    return `${this.prefix}:keys-complete`;
  }

  get changesKey() {
    return `${this.prefix}:changes`;
  }

  private get pendingKey() {
    return `${this.prefix}:pending`;
  }

  /** Files a document to be read again later (its owner did not answer), with its event's time. */
  async filePending(key: string, changedAt: Date): Promise<void> {
    // GT: a later event's time replaces an earlier one, never the reverse.
    await this.redis.zadd(this.pendingKey, 'GT', changedAt.getTime(), key);
  }

  /** The oldest pending refreshes, each with the score to clear it by. */
  async pending(count: number): Promise<{ key: string; changedAt: Date; score: string }[]> {
    const flat = await this.redis.zrange(this.pendingKey, 0, count - 1, 'WITHSCORES');
    const found: { key: string; changedAt: Date; score: string }[] = [];
    for (let at = 0; at + 1 < flat.length; at += 2) {
      const [key, score] = [flat[at] ?? '', flat[at + 1] ?? '0'];
      found.push({ key, score, changedAt: new Date(Number(score)) });
    }
    return found;
  }

  /** A pending refresh done: cleared unless it was filed again meanwhile. */
  async clearPending(key: string, score: string): Promise<void> {
    await this.redis.eval(CLEAR_PENDING, 1, this.pendingKey, key, score);
  }

  async get<D extends SearchDocument>(kind: D['kind'], id: string): Promise<D | null> {
    const json = await this.redis.get(this.docKey(documentKey(kind, id)));
    return json ? (JSON.parse(json) as D) : null;
  }

  /** The documents with these keys, in their order; null where there is none. */
  async many(keys: string[]): Promise<(SearchDocument | null)[]> {
    if (keys.length === 0) return [];
    const found = await this.redis.mget(keys.map((key) => this.docKey(key)));
    return found.map((json) => (json ? (JSON.parse(json) as SearchDocument) : null));
  }

  /** Stores the document (and, for an episode, its cues when given) and announces the change. */
  async put(doc: SearchDocument, cues?: Cue[]): Promise<void> {
    await this.putMany([{ doc, cues }]);
  }

  /** Stores several documents and announces each, in one transaction (a page of a show's episodes). */
  async putMany(entries: { doc: SearchDocument; cues?: Cue[] | undefined }[]): Promise<void> {
    if (entries.length === 0) return;
    const write = this.redis.multi();
    const keys: string[] = [];
    const episodesByShow = new Map<string, string[]>();
    for (const { doc, cues } of entries) {
      const key = documentKey(doc.kind, doc.id);
      keys.push(key);
      write.set(this.docKey(key), JSON.stringify(doc));
      if (doc.kind === 'episode') {
        const ofShow = episodesByShow.get(doc.show.id);
        if (ofShow) ofShow.push(doc.id);
        else episodesByShow.set(doc.show.id, [doc.id]);
        if (cues) write.set(this.cuesKey(doc.id), JSON.stringify(cues));
        if (doc.transcriptRevision === null) write.del(this.cuesKey(doc.id));
      }
      this.announce(write, key);
    }
    // Set members in one command per set, not per document: a page of a show's episodes is one
    // `SADD` to the key set and one to the show's.
    write.sadd(this.keysKey, ...keys);
    for (const [showId, ids] of episodesByShow) write.sadd(this.showEpisodesKey(showId), ...ids);
    await write.exec();
  }

  /** Removes what is no longer public and announces it. */
  async remove(kind: DocumentKind, id: string, showId?: string): Promise<void> {
    const key = documentKey(kind, id);
    const write = this.redis.multi().del(this.docKey(key)).srem(this.keysKey, key);
    if (kind === 'episode') {
      write.del(this.cuesKey(id));
      if (showId) write.srem(this.showEpisodesKey(showId), id);
    }
    if (kind === 'show') write.del(this.showEpisodesKey(id));
    await this.announce(write, key).exec();
  }

  /** The ids of a show's episodes that are indexed. */
  episodesOfShow(showId: string): Promise<string[]> {
    return this.redis.smembers(this.showEpisodesKey(showId));
  }

  /** Each episode's cues, in the order asked; null where it has no transcript indexed. */
  async cuesOf(episodeIds: string[]): Promise<(Cue[] | null)[]> {
    if (episodeIds.length === 0) return [];
    const found = await this.redis.mget(episodeIds.map((id) => this.cuesKey(id)));
    return found.map((json) => (json ? (JSON.parse(json) as Cue[]) : null));
  }

  private announce(write: ReturnType<Redis['multi']>, key: string) {
    return write.xadd(this.changesKey, 'MAXLEN', '~', String(CHANGES_KEPT), '*', 'key', key);
  }

  /** The stream's newest entry id ('0-0' when empty): where to follow from after a full load. */
  async latestChange(): Promise<string> {
    const [last] = (await this.redis.xrevrange(this.changesKey, '+', '-', 'COUNT', 1)) as [
      string,
      string[],
    ][];
    return last?.[0] ?? '0-0';
  }

  /**
   * Whether the stream still holds every change after `streamId` (none was trimmed away), so an
   * index as of that id can catch up from the stream alone.
   */
  async holdsChangesAfter(streamId: string): Promise<boolean> {
    const info = (await this.redis.call('XINFO', 'STREAM', this.changesKey).catch(() => null)) as
      (string | number | null)[] | null;
    if (!info) return streamId === '0-0';
    const at = info.indexOf('max-deleted-entry-id');
    const trimmedThrough = at >= 0 ? String(info[at + 1]) : '0-0';
    return compareIds(streamId, trimmedThrough) >= 0;
  }

  /**
   * Changes after `afterId`, waiting up to `blockMs` for one: on a connection of its own, since a
   * blocked read holds it.
   */
  async changesAfter(reader: Redis, afterId: string, count: number, blockMs: number): Promise<Change[]> {
    const answer = (await reader.xread(
      'COUNT',
      count,
      'BLOCK',
      blockMs,
      'STREAMS',
      this.changesKey,
      afterId,
    )) as [string, [string, string[]][]][] | null;
    const entries = answer?.[0]?.[1] ?? [];
    return entries.map(([streamId, fields]) => ({ streamId, key: fields[1] ?? '' }));
  }

  /**
   * Every document's key (`show:<id>`, …), a batch at a time: the rebuild's sweep and a full load.
   * Read from the key set, so the walk costs what search stores, not what every service keeps in
   * the same Redis. A key may come twice, and one removed meanwhile may still come (its document
   * then reads as null).
   */
  async *everyKey(batch = 1_000): AsyncGenerator<string[]> {
    await this.listOlderKeys();
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.sscan(this.keysKey, cursor, 'COUNT', batch);
      cursor = next;
      if (keys.length > 0) yield keys;
    } while (cursor !== '0');
  }

  /**
   * Documents stored before the key set existed join it once, from a scan of the keyspace. A
   * document removed during the scan may leave its key behind; the next rebuild's sweep, finding
   * no document, removes it.
   */
  private async listOlderKeys(): Promise<void> {
    if (await this.redis.exists(this.keysCompleteKey)) return;
    const docPrefix = this.docKey('');
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${docPrefix}*`, 'COUNT', 1_000);
      cursor = next;
      if (keys.length > 0)
        await this.redis.sadd(this.keysKey, ...keys.map((key) => key.slice(docPrefix.length)));
    } while (cursor !== '0');
    await this.redis.set(this.keysCompleteKey, new Date().toISOString());
  }

  /** Every document, a batch at a time: for an instance that starts without a usable snapshot. */
  async *everyDocument(batch = 1_000): AsyncGenerator<SearchDocument[]> {
    for await (const keys of this.everyKey(batch)) {
      const docs = await this.many(keys);
      yield docs.filter((doc): doc is SearchDocument => doc !== null);
    }
  }
}

/** Orders two stream ids (`<ms>-<seq>`). */
export function compareIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs - bMs || aSeq - bSeq;
}
