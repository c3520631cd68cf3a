import { z } from 'zod';

/** Machine codes of the API error shape (ARCHITECTURE §3). Clients branch on `code`, people read `error`. */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  INVALID_ID: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  /** PayPal captured something other than what was asked, or refused the payment. */
  PAYMENT_REFUSED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UPSTREAM_UNAVAILABLE: 502,
  /** PayPal could not be reached or answered with an error of its own. */
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  NOT_READY: 503,
  /** No PayPal credentials on this network: paid plans cannot be bought. */
  PAYMENTS_NOT_CONFIGURED: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorDetailSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const apiErrorSchema = z.object({
  error: z.string().min(1),
  code: z.string().min(1),
  details: z.array(errorDetailSchema).optional(),
  requestId: z.string().optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
export type ErrorDetail = z.infer<typeof errorDetailSchema>;
