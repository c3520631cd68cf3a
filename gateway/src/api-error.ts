import type { ServerResponse } from 'node:http';
import { ERROR_CODES, type ApiError, type ErrorCode } from '@podz/proto';

/** The gateway's own refusals, in the same shape the services answer with. */
export function sendApiError(
  res: ServerResponse,
  code: ErrorCode,
  error: string,
  extra: Record<string, unknown> = {},
) {
  const body: ApiError & Record<string, unknown> = { error, code, ...extra };
  const payload = JSON.stringify(body);
  res.writeHead(ERROR_CODES[code], {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}
