import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { ERROR_CODES, type ApiError, type ErrorCode } from '@podz/proto';
import { AppError } from '../errors/app-error';
import type { Logger } from '../logging/logger';
import { REQUEST_ID_HEADER } from './request-id';
import { zodDetails } from './validation';
import { isDuplicateKey } from '../mongo/connect-mongo';
import { loggablePath } from './loggable-path';

/** body-parser and raw-body mark their errors with a `type`; each maps to a client error. */
const BODY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  'entity.too.large': { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  'entity.parse.failed': { code: 'MALFORMED_JSON', message: 'Request body is not valid JSON' },
  'encoding.unsupported': { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content encoding' },
  'charset.unsupported': { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported charset' },
  'request.aborted': { code: 'VALIDATION_FAILED', message: 'Request was aborted' },
  'request.size.invalid': { code: 'VALIDATION_FAILED', message: 'Request size did not match content length' },
  'parameters.too.many': { code: 'PAYLOAD_TOO_LARGE', message: 'Too many parameters' },
};

// The driver's and ioredis' ways of saying the store or the cache cannot be reached right now.
const MONGO_UNREACHABLE = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);
const REDIS_UNREACHABLE =
  /Stream isn't writeable|Connection is closed|Reached the max retries per request limit/;

/** Whether a failure is a dependency being away, which the caller may retry, not a fault in PODZ. */
export function isDependencyUnavailable(err: unknown): boolean {
  const candidate = err as { name?: unknown; message?: unknown } | null;
  const name = typeof candidate?.name === 'string' ? candidate.name : '';
  const message = typeof candidate?.message === 'string' ? candidate.message : '';
  return (
    MONGO_UNREACHABLE.has(name) ||
    name === 'MaxRetriesPerRequestError' ||
    REDIS_UNREACHABLE.test(message) ||
    // mongoose, when a command waited for a connection that did not come back in time
    /buffering timed out/.test(message)
  );
}

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) return new AppError('VALIDATION_FAILED', 'Invalid input', zodDetails(err));
  const candidate = err as { type?: unknown; code?: unknown; name?: unknown; path?: unknown };
  const bodyError = typeof candidate?.type === 'string' ? BODY_ERRORS[candidate.type] : undefined;
  if (bodyError) return new AppError(bodyError.code, bodyError.message);
  // The router could not decode a path parameter (the request guard refuses these first).
  if (err instanceof URIError)
    return new AppError('VALIDATION_FAILED', 'The address has malformed percent-encoding');
  // A unique index said no: the caller asked for something that already exists.
  if (isDuplicateKey(candidate)) return new AppError('CONFLICT', 'That already exists');
  if (isDependencyUnavailable(err)) {
    return new AppError(
      'NOT_READY',
      'PODZ cannot reach its store or cache right now; try again shortly',
      undefined,
      5,
    );
  }
  if (candidate?.name === 'CastError') {
    return new AppError('VALIDATION_FAILED', `Invalid value for ${String(candidate.path ?? 'a field')}`);
  }
  return undefined;
}

/** An answer in the API error shape, on Node's own response (Express's or not). */
export function sendApiError(
  res: ServerResponse,
  code: ErrorCode,
  error: string,
  extra: Record<string, unknown> = {},
): void {
  const body: ApiError & Record<string, unknown> = { error, code, ...extra };
  const payload = JSON.stringify(body);
  res.writeHead(ERROR_CODES[code], {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** The one error answer: known errors keep their status, anything else is a 500 that leaks nothing. */
export function answerError(
  err: unknown,
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  logger: Logger,
): void {
  const requestId = String(req.headers[REQUEST_ID_HEADER] ?? '');
  const known = toAppError(err);
  if (known) {
    if (known.retryAfterSeconds) res.setHeader('retry-after', String(known.retryAfterSeconds));
    sendApiError(res, known.code, known.message, known.details?.length ? { details: known.details } : {});
    return;
  }
  logger.error(
    { err, requestId, method: req.method, path: loggablePath(req.originalUrl ?? req.url) },
    'unhandled error',
  );
  sendApiError(res, 'INTERNAL', 'Internal server error', { requestId });
}

/** A request that failed outside Express: {@link answerError}, or cut off if its answer had begun. */
export function failRequest(err: unknown, req: IncomingMessage, res: ServerResponse, logger: Logger): void {
  if (res.headersSent) res.destroy();
  else answerError(err, req, res, logger);
}

/** Express's last handler: {@link answerError}, unless the answer has already begun. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    answerError(err, req, res, logger);
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  sendApiError(res, 'NOT_FOUND', `No route for ${req.method} ${req.path}`);
};
