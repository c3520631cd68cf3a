import type { RequestHandler } from 'express';
import { AppError } from '../errors/app-error';

/** Deeper than any PODZ body; a deeper one is an attack on whatever walks it recursively. */
export const MAX_JSON_DEPTH = 32;
/** Values in one body (every object, array, string, number…); the largest real one is a few hundred. */
export const MAX_JSON_VALUES = 20_000;

/**
 * Refuses, before anything reads it, a request no PODZ client sends: a path or query with
 * malformed percent-encoding (400; the router would fail to decode it later, as a 500) and a
 * compressed body (415; no client compresses what it sends, and inflating bodies is a cost an
 * attacker chooses). Placed first in every process, the gateway included.
 */
export const refuseMalformedRequests: RequestHandler = (req, _res, next) => {
  const url = req.originalUrl ?? req.url;
  if (url.includes('%')) {
    try {
      decodeURIComponent(url);
    } catch {
      next(new AppError('VALIDATION_FAILED', 'The address has malformed percent-encoding'));
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
 * After JSON parsing: a body nested deeper than {@link MAX_JSON_DEPTH} or holding more than
 * {@link MAX_JSON_VALUES} values is a 400 before any handler or schema walks it. The walk is
 * iterative, so the check itself cannot overflow the stack.
 */
export const refuseOversizedJson: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object') {
    next();
    return;
  }
  const pending: [unknown, number][] = [[body, 1]];
  let values = 0;
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    values += 1;
    if (values > MAX_JSON_VALUES) {
      next(new AppError('VALIDATION_FAILED', `The body holds more than ${MAX_JSON_VALUES} values`));
      return;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) {
      next(new AppError('VALIDATION_FAILED', `The body is nested deeper than ${MAX_JSON_DEPTH} levels`));
      return;
    }
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  next();
};
