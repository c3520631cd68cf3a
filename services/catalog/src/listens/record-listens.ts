import type { Request, RequestHandler, Response } from 'express';
import type { Logger, RecordStream } from '@podz/kit';
import type { ListenRecord } from '@podz/proto';
import type { Served } from '../blobs/serve-blob';
import type { AudioAttributions } from './audio-attribution';
import type { CountryTable } from './country-of';
import type { ListenerSalts } from './listener-hash';

export interface ListenRecording {
  stream: RecordStream<ListenRecord>;
  salts: ListenerSalts;
  /** Read at start; null when the package's data could not be read (records then have no country). */
  countries: CountryTable | null;
  attributions: AudioAttributions;
  /** A show's id by the name in its feed's URL. */
  showIdOf: (uId: string) => Promise<string | null>;
  logger: Logger;
}

const HEADER_MAX = 512;

/** What a request was, read when it arrives: the socket may be gone by the time it ends. */
interface Arrival {
  ip: string;
  ua: string;
  referrer: string | null;
  range: string | null;
  method: 'GET' | 'HEAD';
}

function arrival(req: Request): Arrival {
  return {
    ip: req.ip ?? req.socket.remoteAddress ?? '',
    ua: (req.get('user-agent') ?? '').replace(/[\r\n]/g, ' ').slice(0, HEADER_MAX),
    referrer: req.get('referer')?.slice(0, HEADER_MAX) ?? null,
    range: req.get('range')?.slice(0, 100) ?? null,
    method: req.method === 'HEAD' ? 'HEAD' : 'GET',
  };
}

/** Body bytes that reached the connection: those still queued in the response when it closed are not. */
function bytesSent(res: Response): { start: number; sent: number } {
  const served = res.locals.served as Served | undefined;
  if (!served) return { start: 0, sent: 0 };
  const queued = res.writableFinished ? 0 : res.writableLength;
  return { start: served.start, sent: Math.max(0, served.sent - queued) };
}

/**
 * Records every GET and HEAD of episode audio and show feeds once its response has ended (finished
 * or abandoned by the client), onto the listen stream. Everything is worked out after the response:
 * the bytes never wait for a hash, a lookup or the broker. The address is hashed and placed in a
 * country here and goes no further.
 */
export function recordListens(recording: ListenRecording): { audio: RequestHandler; feed: RequestHandler } {
  const { stream, salts, countries, attributions, logger } = recording;

  const record = async (
    request: Arrival,
    at: number,
    status: number,
    where: Pick<ListenRecord, 'kind' | 'show' | 'episode' | 'published' | 'file'>,
    bytes: { start: number; sent: number },
  ) => {
    const hashes = await salts.hashes(at, request.ip, request.ua);
    stream.push({
      id: crypto.randomUUID(),
      at,
      method: request.method,
      status,
      range: request.range,
      ...where,
      ...bytes,
      ...hashes,
      ua: request.ua,
      referrer: request.referrer,
      country: countries?.countryOf(request.ip) ?? null,
    });
  };

  const onEnd = (res: Response, done: (at: number) => Promise<void>) => {
    res.once('close', () => {
      const at = Date.now();
      done(at).catch((err: unknown) => logger.warn({ err }, 'listen not recorded'));
    });
  };

  return {
    audio: (req, res, next) => {
      const request = arrival(req);
      const file = String(req.params.file);
      onEnd(res, async (at) => {
        const bytes = bytesSent(res);
        const attribution = await attributions.of(file, at);
        if (!attribution) return;
        await record(request, at, res.statusCode, { kind: 'audio', ...attribution }, bytes);
      });
      next();
    },
    feed: (req, res, next) => {
      const request = arrival(req);
      const uId = String(req.params.uId);
      onEnd(res, async (at) => {
        const show = await recording.showIdOf(uId);
        if (!show) return;
        const bytes = { start: 0, sent: Number(res.getHeader('content-length') ?? 0) };
        await record(
          request,
          at,
          res.statusCode,
          { kind: 'feed', show, episode: null, published: null, file: null },
          bytes,
        );
      });
      next();
    },
  };
}
