import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { badRequest, conflict } from '../errors/app-error';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the first one instead of doing the work again. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** How long a finished answer is kept for repeats. */
const KEEP_SECONDS = 24 * 60 * 60;
/** How long a request in flight holds its key; a crashed one frees it when this runs out. */
const IN_FLIGHT_SECONDS = 60;

type Stored = { state: 'in-flight' } | { state: 'done'; status: number; body: unknown };

/**
 * Makes a double submit harmless (sending a message, creating a show, uploading): a request with
 * an `Idempotency-Key` header is done once per caller, route and key; a repeat gets the first
 * answer again (with `Idempotent-Replayed: true`), or 409 while the first is still running.
 * Answers of 5xx are not kept, so the client may retry. Without the header nothing changes.
 */
/** The Express middleware `idempotent` makes, named so a service's deps need not import Express. */
export type Idempotent = RequestHandler;

export function idempotent(redis: Redis, service: string): Idempotent {
  return (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) {
      next();
      return;
    }
    if (!KEY_PATTERN.test(key)) {
      next(badRequest('Idempotency-Key must be 8 to 128 letters, digits, "-" or "_"'));
      return;
    }
    const slot = `podz:idempotency:${service}:${req.user?.id ?? 'anonymous'}:${req.method}:${req.path}:${key}`;
    void (async () => {
      const claimed = await redis.set(
        slot,
        JSON.stringify({ state: 'in-flight' }),
        'EX',
        IN_FLIGHT_SECONDS,
        'NX',
      );
      if (!claimed) {
        const stored = JSON.parse((await redis.get(slot)) ?? '{"state":"in-flight"}') as Stored;
        if (stored.state === 'in-flight')
          throw conflict('A request with this Idempotency-Key is still in progress');
        res.setHeader(IDEMPOTENT_REPLAY_HEADER, 'true');
        res.status(stored.status).json(stored.body);
        return;
      }
      const send = res.json.bind(res);
      res.json = (body: unknown) => {
        const done: Stored = { state: 'done', status: res.statusCode, body };
        const settle =
          res.statusCode >= 500 ? redis.del(slot) : redis.set(slot, JSON.stringify(done), 'EX', KEEP_SECONDS);
        // The answer waits for the record, so a repeat sent right after it sees it.
        void settle.then(
          () => send(body),
          () => send(body),
        );
        return res;
      };
      next();
    })().catch(next);
  };
}
