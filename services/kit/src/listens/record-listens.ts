import { listenerAddress, SITE_PLAYER_PARAM, type ListenAd, type ListenRecord } from '@podz/proto';
import type { Served } from '../blobs/serve-blob';
import { clientAddress } from '../http/client-address';
import type { DirectHandler, DirectRequest, DirectResponse } from '../http/direct-request';
import type { Logger } from '../logging/logger';
import type { CountryTable } from './country-of';
import { listenerHash, type ListenerSalts } from './listener-hash';

export interface ListenRecording {
  /** Where what was heard goes: a record stream that calls `prepareListens` on each batch. */
  push: (heard: Heard) => void;
  logger: Logger;
}

/**
 * Notes every GET and HEAD of episode audio and show feeds once its response has ended (finished
 * or abandoned by the client) and hands it to the listen stream as it was: a few header reads on
 * the way in and the bytes counted on the way out. Everything else (the address, its hashes and
 * country, whose episode the file is) is worked out a batch at a time by `prepareListens`.
 */
export function recordListens(recording: ListenRecording): { audio: DirectHandler; feed: DirectHandler } {
  const { push, logger } = recording;
  const onEnd = (req: DirectRequest, res: DirectResponse, targetOf: () => Heard['target']) => {
    const request = arrival(req);
    res.once('close', () => {
      try {
        const target = targetOf();
        const bytes =
          target.kind === 'audio'
            ? bytesSent(res)
            : { start: 0, sent: Number(res.getHeader('content-length') ?? 0) };
        const premium = res.locals.audience === 'member';
        // The creatives of a stitched file, as media placed them (`res.locals.ads`).
        const ads = target.kind === 'audio' ? (res.locals.ads as ListenAd[] | undefined) : undefined;
        push({
          ...request,
          ...bytes,
          at: Date.now(),
          status: res.statusCode,
          target,
          premium,
          ...(ads?.length ? { ads } : {}),
        });
      } catch (err) {
        logger.warn({ err }, 'listen not recorded');
      }
    });
  };
  return {
    audio: (req, res, next) => {
      const target = { kind: 'audio' as const, file: String(req.params.file) };
      onEnd(req, res, () => target);
      next();
    },
    feed: (req, res, next) => {
      // A private feed names its show only once its token was looked up (`res.locals.feedShow`).
      onEnd(req, res, () => ({ kind: 'feed', uId: String(res.locals.feedShow ?? req.params.uId) }));
      next();
    },
  };
}

export interface ListenPreparation {
  salts: ListenerSalts;
  /** Read at start; null when the package's data could not be read (records then have no country). */
  countries: CountryTable | null;
  /**
   * Whose listen a request is: the episode an audio file is, or the show a feed is (by the name in
   * its URL); null when it is of no episode or show (yet), and then it is not recorded in this batch.
   */
  whereOf: (target: ListenTarget, at: number) => Promise<ListenWhere | null>;
  /**
   * Where a request `whereOf` placed nowhere waits in case its target is placed soon (a new
   * episode's first downloads); without it, such requests are not recorded. A request comes back
   * from there once at most.
   */
  unplaced?: { hold: (heard: Heard) => void };
}

/** What a request was for: an episode's audio file by its name, or a show's feed by its name. */
export type ListenTarget = { kind: 'audio'; file: string } | { kind: 'feed'; uId: string };

/** Where a listen record says a request went. */
export type ListenWhere = Pick<ListenRecord, 'kind' | 'show' | 'episode' | 'published' | 'file'>;

const HEADER_MAX = 512;

/** What leads the user agent a record keeps of the site's own player (`UserAgents` reads it). */
export const SITE_PLAYER_AGENT = 'PODZ-web/1';

/**
 * One request as it ended, with nothing worked out: the raw strings read while the request was
 * there (the socket may be gone by the time it is recorded), and what the response sent.
 */
export interface Heard {
  at: number;
  /** The socket's peer and X-Forwarded-For: the client's address, not yet resolved. */
  peer: string | undefined;
  forwardedFor: string | undefined;
  ua: string;
  referrer: string | null;
  range: string | null;
  method: 'GET' | 'HEAD';
  status: number;
  start: number;
  sent: number;
  /** An episode's audio file by its name in the URL, or a show's feed by the name in its URL. */
  target: ListenTarget;
  /** Premium audio served to a member (the media route's `res.locals.audience`). */
  premium: boolean;
  /** The creatives joined into the file, with their bytes in it; absent for a plain file. */
  ads?: ListenAd[];
  /** Set when it comes back from waiting for its target to be placed. */
  heldOnce?: true;
}

type Arrival = Pick<Heard, 'peer' | 'forwardedFor' | 'ua' | 'referrer' | 'range' | 'method'>;

/** What a request says of who sent it, as its listen record is made from (and the listener identity). */
export function arrival(req: DirectRequest): Arrival {
  const forwarded = req.headers['x-forwarded-for'];
  const referrer = req.headers.referer ?? req.headers.referrer;
  const ua = (req.headers['user-agent'] ?? '').replace(/[\r\n]/g, ' ');
  // The browser sends its own agent: without the player's mark its listeners would count as "Chrome".
  const sitePlayer = req.query[SITE_PLAYER_PARAM.name] === SITE_PLAYER_PARAM.value;
  return {
    peer: req.socket.remoteAddress,
    forwardedFor: Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
    ua: (sitePlayer ? `${SITE_PLAYER_AGENT} ${ua}` : ua).slice(0, HEADER_MAX),
    referrer: typeof referrer === 'string' ? referrer.slice(0, HEADER_MAX) : null,
    range: req.headers.range?.slice(0, 100) ?? null,
    method: req.method === 'HEAD' ? 'HEAD' : 'GET',
  };
}

/** Body bytes that reached the connection: those still queued in the response when it closed are not. */
function bytesSent(res: DirectResponse): { start: number; sent: number } {
  const served = res.locals.served as Served | undefined;
  if (!served) return { start: 0, sent: 0 };
  const queued = res.writableFinished ? 0 : res.writableLength;
  return { start: served.start, sent: Math.max(0, served.sent - queued) };
}

/** What a batch works out once for all its requests that share it. */
class BatchMemo {
  private readonly values = new Map<string, unknown>();

  of<V>(key: string, make: () => V): V {
    if (this.values.has(key)) return this.values.get(key) as V;
    const value = make();
    this.values.set(key, value);
    return value;
  }
}

/**
 * The listen records of a batch of requests: each address resolved, hashed under its day's and
 * month's salts and placed in a country, each file or feed attributed to its episode or show.
 * Requests of no episode or show are not recorded; those that may soon be one's wait aside
 * (`unplaced`) and come back in a later batch. A podcast app fetches a file in many ranged
 * requests, so a batch repeats a few listeners and files many times: each is worked out once per
 * batch, and the addresses are forgotten with the batch.
 */
export async function prepareListens(
  preparation: ListenPreparation,
  batch: Heard[],
): Promise<ListenRecord[]> {
  const { salts, countries, whereOf, unplaced } = preparation;
  const memo = new BatchMemo();
  const wheres = await Promise.all(
    batch.map((heard) =>
      memo.of(`${heard.target.kind}\n${'file' in heard.target ? heard.target.file : heard.target.uId}`, () =>
        whereOf(heard.target, heard.at),
      ),
    ),
  );
  const periodSalts = await Promise.all(
    batch.map((heard) => memo.of(`salts\n${dayOf(heard.at)}`, () => salts.of(heard.at))),
  );
  const records: ListenRecord[] = [];
  for (const [n, heard] of batch.entries()) {
    const where = wheres[n];
    const salt = periodSalts[n];
    if (!where && unplaced && !heard.heldOnce) unplaced.hold({ ...heard, heldOnce: true });
    if (!where || !salt) continue;
    const ip = memo.of(`ip\n${heard.peer}\n${heard.forwardedFor}`, () =>
      clientAddress(heard.peer, heard.forwardedFor),
    );
    const address = memo.of(`address\n${ip}`, () => listenerAddress(ip));
    const listener = memo.of(`hashes\n${salt.day}\n${address}\n${heard.ua}`, () => ({
      listener: listenerHash(salt.daySalt, address, heard.ua),
      monthListener: listenerHash(salt.monthSalt, address, heard.ua),
    }));
    records.push({
      id: crypto.randomUUID(),
      at: heard.at,
      method: heard.method,
      status: heard.status,
      range: heard.range,
      ...where,
      start: heard.start,
      sent: heard.sent,
      ...listener,
      ua: heard.ua,
      referrer: heard.referrer,
      premium: heard.premium,
      country: memo.of(`country\n${ip}`, () => countries?.countryOf(ip) ?? null),
      ads: heard.ads ?? [],
    });
  }
  return records;
}

const dayOf = (ms: number) => Math.floor(ms / 86_400_000);
