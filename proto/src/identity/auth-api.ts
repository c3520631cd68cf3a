import { z } from 'zod';
import { emailSchema, passwordSchema } from './user-fields';

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
  /** The email provider could not send the link. */
  emailSignin: 'EmailSignin',
  /** A sign-in link that is unknown, used or expired. */
  verification: 'Verification',
} as const;

/** `GET providers`: a username or email with a password, or a link sent by email. */
export const CREDENTIALS_PROVIDER = { id: 'credentials', name: 'Credentials', type: 'credentials' } as const;
export const EMAIL_PROVIDER = { id: 'email', name: 'Email', type: 'email' } as const;

/** One-time links sent by email: how long each stays good. */
export const EMAIL_LINK_TTL_SECONDS = {
  /** NextAuth's email provider default is a day; PODZ keeps sign-in links short. */
  signIn: 10 * 60,
  passwordReset: 30 * 60,
  verification: 24 * 60 * 60,
} as const;

/** The secret part of a one-time link: 32 random bytes, base64url. */
const linkTokenField = z
  .string({ error: 'token must be a string' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'token is not a link token' });
/** An address in a link or a form: compared, never trusted to exist. */
const linkEmailField = z.string({ error: 'email must be a string' }).trim().toLowerCase().max(254);

/** `POST signin/email`: NextAuth's email provider sends a sign-in link to `email`. */
export const emailSignInBodySchema = z.object({
  csrfToken: csrfTokenField,
  callbackUrl: callbackUrlField,
  json: formFlag,
  email: emailSchema,
});

/** `GET callback/email`: the link in the mail. */
export const emailCallbackQuerySchema = z.object({
  token: linkTokenField,
  email: linkEmailField,
  callbackUrl: callbackUrlField,
});

/** `POST /api/auth/password/forgot`: always 202, whether or not the address has an account. */
export const passwordForgotBodySchema = z.strictObject({ email: emailSchema });

/** `POST /api/auth/password/reset`: the token from the mail and the new password. */
export const passwordResetBodySchema = z.strictObject({
  email: linkEmailField,
  token: linkTokenField,
  password: passwordSchema,
});

/** `GET /api/auth/verify-email`: the link in the verification mail. */
export const verifyEmailQuerySchema = z.object({ token: linkTokenField, email: linkEmailField });

/** What the mail-sending calls answer, the same for every address. */
export const mailSentSchema = z.object({ message: z.string() });

export type EmailSignInBody = z.infer<typeof emailSignInBodySchema>;
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;
export type MailSent = z.infer<typeof mailSentSchema>;
