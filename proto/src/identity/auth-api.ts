import { z } from 'zod';

/**
 * Payloads of the NextAuth.js v4 REST calls under /api/auth (spec §7 Session calls). Browsers send
 * them as forms (`application/x-www-form-urlencoded`), so every value arrives as a string.
 */

const formFlag = z.enum(['true', 'false']).optional();
const csrfTokenField = z.string({ error: 'csrfToken must be a string' }).max(200).optional();
const callbackUrlField = z.string({ error: 'callbackUrl must be a string' }).max(2000).optional();

/** `POST callback/credentials`: `username` may also be the email address. */
export const credentialsCallbackBodySchema = z.object({
  csrfToken: csrfTokenField,
  callbackUrl: callbackUrlField,
  json: formFlag,
  username: z.string({ error: 'username must be a string' }).max(254).optional(),
  email: z.string({ error: 'email must be a string' }).max(254).optional(),
  password: z.string({ error: 'password must be a string' }).max(1024).optional(),
});

export const signOutBodySchema = z.object({
  csrfToken: csrfTokenField,
  callbackUrl: callbackUrlField,
  json: formFlag,
});

/** `POST session` (NextAuth's `update(data)`); the session is re-read from the account, `data` is ignored. */
export const updateSessionBodySchema = z.object({ csrfToken: csrfTokenField, data: z.unknown().optional() });

/** `POST _log`: what NextAuth's client logger sends. */
export const clientLogBodySchema = z.object({
  level: z.enum(['error', 'warn', 'debug']).catch('error'),
  code: z.string().max(100).catch('UNKNOWN'),
  message: z.string().max(1000).optional().catch(undefined),
});

export const signInPageQuerySchema = z.object({
  error: z.string().max(100).regex(/^\w*$/, { error: 'error must be a NextAuth error name' }).optional(),
  callbackUrl: callbackUrlField,
});

/** NextAuth's error names that PODZ answers with (spec §8). */
export const AUTH_ERRORS = {
  credentials: 'CredentialsSignin',
  csrf: 'MissingCSRF',
  tooMany: 'TooManyRequests',
} as const;

/** `GET providers`: PODZ signs in with credentials only. */
export const CREDENTIALS_PROVIDER = { id: 'credentials', name: 'Credentials', type: 'credentials' } as const;
