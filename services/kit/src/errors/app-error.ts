import { ERROR_CODES, type ErrorCode, type ErrorDetail } from '@podz/proto';

/** The one error type a use case throws; the error middleware turns it into the API error shape. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Sent as `Retry-After` (429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code];
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError('VALIDATION_FAILED', message, details);
export const unauthenticated = (message = 'You need to sign in') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts; try again later') =>
  new AppError('RATE_LIMITED', message, undefined, retryAfterSeconds);

/**
 * A value the code knows is there (a record it has just written, a slot it has just filled),
 * checked rather than asserted: if it is missing after all, the request fails as a 500 saying what.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
