import type { IncomingMessage, ServerResponse } from 'node:http';
import { notModified, type SurrogatePurges } from '@podz/kit';
import type { Step } from './exchange';

/** What the edge keeps of an upstream answer. */
interface Entry {
  headers: Record<string, string>;
  body: Buffer;
  expiresAt: number;
  storedAt: number;
  /** The surrogate key it is held under past `s-maxage`, dropped when the service purges it. */
  tag?: string;
}

/** Headers a cached answer carries to the next client; the gateway sets the rest itself. */
const KEPT_HEADERS = ['content-type', 'etag', 'last-modified', 'cache-control'];
/** A client's validators, which the edge answers itself from what it keeps. */
const CONDITIONAL_HEADERS = ['if-none-match', 'if-modified-since'];
const SHARED_MAX_AGE = /(?:^|,)\s*s-maxage=(\d+)/i;
/** However long a service allows, the edge holds an answer no longer than this... */
const MAX_SECONDS = 5;
/**
 * ...unless the answer is `immutable`: a file whose name changes with its content (a transcript's
 * revision) is the same bytes for as long as it exists, so keeping it longer shows nothing stale.
 * Ten minutes bounds how long a deleted file can still be fetched from one gateway by its old name.
 */
const MAX_IMMUTABLE_SECONDS = 600;
const IMMUTABLE = /(?:^|,)\s*immutable\s*(?:,|$)/i;
const MAX_ENTRY_BYTES = 1024 * 1024;

/** How long the edge may keep this answer (`s-maxage`, capped), or 0 if not at all. */
export function sharedSeconds(cacheControl: string | undefined): number {
  if (!cacheControl || /private|no-store/i.test(cacheControl)) return 0;
  const match = SHARED_MAX_AGE.exec(cacheControl);
  if (!match) return 0;
  return Math.min(Number(match[1]), IMMUTABLE.test(cacheControl) ? MAX_IMMUTABLE_SECONDS : MAX_SECONDS);
}

type Purges = Pick<SurrogatePurges, 'live' | 'heard' | 'purgedSince'>;

const SURROGATE_MAX_AGE = /(?:^|,)\s*max-age=(\d+)/i;
/** Headers for the edge alone (the service's promise to purge), never passed on to the client. */
export const SURROGATE_HEADERS = ['surrogate-control', 'surrogate-key'];

/**
 * How long to hold an answer whose service tagged it with a surrogate key: as long as its
 * `Surrogate-Control: max-age` says (capped as `s-maxage` is), since a change purges it at once.
 * Only while purges are heard, and only if its key was not purged since the request left: an
 * answer rendered before a change may arrive after its purge. Otherwise, `s-maxage` as for any answer.
 */
export function heldSeconds(
  cacheControl: string | undefined,
  surrogate: { key?: string | string[]; control?: string | string[] },
  purges: Purges,
  heardAtRequest: number,
): { seconds: number; tag?: string } {
  const shared = sharedSeconds(cacheControl);
  const tag = surrogate.key;
  const match = SURROGATE_MAX_AGE.exec(String(surrogate.control ?? ''));
  if (shared === 0 || typeof tag !== 'string' || !tag || !match) return { seconds: shared };
  if (!purges.live || purges.purgedSince(tag, heardAtRequest)) return { seconds: shared };
  const held = Math.min(Number(match[1]), MAX_SECONDS);
  return held > shared ? { seconds: held, tag } : { seconds: shared };
}

/** An answer on its way from a service, which callers asking for the same key wait for. */
interface Fill {
  answer: Promise<Entry | undefined>;
  settle(entry: Entry | undefined): void;
}

/**
 * A micro-cache at the edge, in the gateway's memory: public GETs from anonymous callers whose
 * answer the service marked shareable for a moment (`Cache-Control: s-maxage=1`). A hot public
 * page then costs the services one request per second per gateway instead of one per visitor,
 * while a publish still shows within that second. An answer tagged with a surrogate key its
 * service purges on every change is held longer (`heldSeconds`), and dropped by the purge (`purge`).
 * Signed-in callers always reach the service,
 * which may answer them differently (a show's owner sees its drafts). Bounded in entries and size;
 * the least recently used entry goes first.
 *
 * Misses of an answer that was kept before are coalesced: while one request for it is on its way
 * to the service, others for the same key wait for its answer instead of each asking again.
 * Without it, an answer that expires under load sends every caller of that moment to the service
 * at once, to queue behind each other doing the same work. Keys never kept (a ranged audio read,
 * an answer marked private) are not held back behind each other.
 */
export class EdgeCache {
  private readonly entries = new Map<string, Entry>();
  /** Keys whose answer expired here: shareable last time, so likely again. Oldest first. */
  private readonly lapsed = new Set<string>();
  private readonly fills = new Map<string, Fill>();
  /** Keys of the entries held under each surrogate key, so a purge drops them without a scan. */
  private readonly tagged = new Map<string, Set<string>>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.lapse(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(
    key: string,
    headers: Record<string, string>,
    body: Buffer,
    seconds: number,
    tag?: string,
  ): Entry | undefined {
    if (this.maxEntries === 0 || body.length > MAX_ENTRY_BYTES) return undefined;
    this.delete(key);
    this.lapsed.delete(key);
    const storedAt = this.now();
    const entry: Entry = { headers, body, storedAt, expiresAt: storedAt + seconds * 1000, tag };
    this.entries.set(key, entry);
    this.bytes += body.length;
    if (tag) {
      const keys = this.tagged.get(tag) ?? new Set<string>();
      keys.add(key);
      this.tagged.set(tag, keys);
    }
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
    return this.entries.get(key);
  }

  /** The answer a request already on its way to the service will bring, if one is. */
  pending(key: string): Promise<Entry | undefined> | undefined {
    return this.fills.get(key)?.answer;
  }

  /**
   * Marks a request for a lapsed `key` as on its way, unless one already is (or the key is not
   * lapsed): the `settle` returned (the first call wins) hands its answer to whoever waits, or
   * undefined when it brought nothing to keep and each waiter must ask for itself.
   */
  startFill(key: string): ((entry: Entry | undefined) => void) | undefined {
    if (this.fills.has(key) || !this.lapsed.has(key)) return undefined;
    let resolve: (entry: Entry | undefined) => void = () => undefined;
    const answer = new Promise<Entry | undefined>((done) => (resolve = done));
    const fill: Fill = {
      answer,
      settle: (entry) => {
        if (this.fills.get(key) !== fill) return;
        this.fills.delete(key);
        resolve(entry);
      },
    };
    this.fills.set(key, fill);
    return fill.settle;
  }

  /** Drops every entry held under `tag`, or under any tag when the purges could not be heard. */
  purge(tag: string | undefined): void {
    const tags = tag === undefined ? [...this.tagged.keys()] : [tag];
    for (const each of tags) {
      for (const key of this.tagged.get(each) ?? []) this.lapse(key);
    }
  }

  /** Gone, but asked for before: the next callers for it share one request to the service. */
  private lapse(key: string): void {
    this.delete(key);
    this.lapsed.add(key);
    for (const oldest of this.lapsed) {
      if (this.lapsed.size <= this.maxEntries) break;
      this.lapsed.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
    if (entry.tag) this.untag(entry.tag, key);
  }

  private untag(tag: string, key: string): void {
    const keys = this.tagged.get(tag);
    keys?.delete(key);
    if (keys?.size === 0) this.tagged.delete(tag);
  }
}

/** Requests that missed: the key their answer is kept under, and how to hand it to any waiters. */
const missed = new WeakMap<
  IncomingMessage,
  { key: string; heard: number; settle?: (entry: Entry | undefined) => void }
>();

/**
 * Answers from the edge cache when it can, or with the answer a request for the same key already
 * on its way brings; otherwise marks the miss so `keepUpstreamAnswer` stores what comes back.
 */
export function edgeCache(cache: EdgeCache, purges: Purges): Step {
  return ({ req, res, route }) => {
    // After the session gate: an Authorization header left on the request is a live session.
    if (req.method !== 'GET' || route.policy !== 'public' || req.headers.authorization) return true;
    const key = req.url ?? '/';
    const answered = (entry: Entry | undefined) => {
      // A caller that went away while it waited has nobody to answer, and must not lead a renewal:
      // its response would never close again to release the others, and the answer's body would
      // stall behind a connection that takes no more bytes.
      if (res.destroyed) return false;
      if (entry) {
        serve(req, res, entry);
        return false;
      }
      const settle = cache.startFill(key);
      // The renewal must bring the whole answer back to keep: a 304 from the service renews
      // nothing, so apps that only ever revalidate (most feed polls) would each reach the service
      // from then on. This one caller gets the 200, which is always an allowed answer.
      if (settle) for (const name of CONDITIONAL_HEADERS) delete req.headers[name];
      missed.set(req, { key, settle, heard: purges.heard });
      // Whatever becomes of this request (an error, a client gone), waiters are not left waiting.
      if (settle) res.once('close', () => settle(undefined));
      return true;
    };
    const entry = cache.get(key);
    const pending = entry ? undefined : cache.pending(key);
    return pending ? pending.then(answered) : answered(entry);
  };
}

function serve(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  res.setHeader('age', String(Math.floor((Date.now() - entry.storedAt) / 1000)));
  if (notModified(req.headers, { etag: entry.headers.etag, lastModified: entry.headers['last-modified'] })) {
    res.removeHeader('content-type');
    res.writeHead(304);
    res.end();
    return;
  }
  res.writeHead(200, { 'content-length': entry.body.length });
  res.end(entry.body);
}

/**
 * For the proxy's `proxyRes` hook: copies a shareable 200 into the cache as it streams past, and
 * takes the headers meant for the edge off every answer before the client sees it.
 */
export function keepUpstreamAnswer(
  cache: EdgeCache,
  purges: Purges,
  upstream: IncomingMessage,
  req: IncomingMessage,
): void {
  const surrogate = {
    key: upstream.headers['surrogate-key'],
    control: upstream.headers['surrogate-control'],
  };
  for (const name of SURROGATE_HEADERS) delete upstream.headers[name];
  const miss = missed.get(req);
  if (!miss) return;
  const { key, settle } = miss;
  const { seconds, tag } = heldSeconds(upstream.headers['cache-control'], surrogate, purges, miss.heard);
  if (upstream.statusCode !== 200 || upstream.headers['set-cookie'] || seconds === 0) {
    settle?.(undefined);
    return;
  }
  const chunks: Buffer[] = [];
  let length = 0;
  upstream.on('data', (chunk: Buffer) => {
    length += chunk.length;
    if (length <= MAX_ENTRY_BYTES) chunks.push(chunk);
  });
  upstream.on('end', () => {
    if (length > MAX_ENTRY_BYTES || !upstream.complete) {
      settle?.(undefined);
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = upstream.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const entry = cache.set(key, headers, Buffer.concat(chunks, length), seconds, tag);
    settle?.(entry);
  });
}
