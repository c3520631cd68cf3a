import type { RequestHandler } from 'express';
import { AppError } from '../errors/app-error';

/** Deeper than any PODZ body; a deeper one is an attack on whatever walks it recursively. */
export const MAX_JSON_DEPTH = 32;
/** Values in one body (every object, array, string, number…); the largest real one is a few hundred. */
export const MAX_JSON_VALUES = 20_000;

// The store cannot hold it (PostgreSQL text refuses U+0000), and no person types it.
const NUL = '\u0000';
const nulInBody = () => new AppError('VALIDATION_FAILED', 'Text in the body cannot contain NUL characters');

/**
 * Refuses, before anything reads it, a request no PODZ client sends: a path or query with
 * malformed percent-encoding (400; the router would fail to decode it later, as a 500) or an
 * encoded NUL (400; it would reach the store as a 500), and a compressed body (415; no client
 * compresses what it sends, and inflating bodies is a cost an attacker chooses). Placed first in
 * every process, the gateway included.
 */
export const refuseMalformedRequests: RequestHandler = (req, _res, next) => {
  const url = req.originalUrl ?? req.url;
  if (url.includes('%')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(url);
    } catch {
      next(new AppError('VALIDATION_FAILED', 'The address has malformed percent-encoding'));
      return;
    }
    if (decoded.includes(NUL)) {
      next(new AppError('VALIDATION_FAILED', 'The address contains a NUL character (%00)'));
      return;
    }
  }
  const encoding = req.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    next(
      new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Request bodies must not be compressed (Content-Encoding: ${encoding})`,
      ),
    );
    return;
  }
  next();
};

/**
 * After JSON parsing: a body nested deeper than {@link MAX_JSON_DEPTH}, holding more than
 * {@link MAX_JSON_VALUES} values, or with a NUL in any string or key is a 400 before any handler or
 * schema walks it. The walk is iterative, so the check itself cannot overflow the stack.
 */
export const refuseHostileJson: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object') {
    next();
    return;
  }
  const pending: [unknown, number][] = [[body, 1]];
  let values = 0;
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [value, depth] = item;
    values += 1;
    if (values > MAX_JSON_VALUES) {
      next(new AppError('VALIDATION_FAILED', `The body holds more than ${MAX_JSON_VALUES} values`));
      return;
    }
    if (typeof value === 'string' && value.includes(NUL)) {
      next(nulInBody());
      return;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) {
      next(new AppError('VALIDATION_FAILED', `The body is nested deeper than ${MAX_JSON_DEPTH} levels`));
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key.includes(NUL)) {
        next(nulInBody());
        return;
      }
      pending.push([child, depth + 1]);
    }
  }
  next();
};
