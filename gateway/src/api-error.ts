import type { Response } from 'express';
import { ERROR_CODES, type ApiError, type ErrorCode } from '@podz/proto';

/** The gateway's own refusals, in the same shape the services answer with. */
export function sendApiError(
  res: Response,
  code: ErrorCode,
  error: string,
  extra: Record<string, unknown> = {},
) {
  const body: ApiError & Record<string, unknown> = { error, code, ...extra };
  res.status(ERROR_CODES[code]).json(body);
}
