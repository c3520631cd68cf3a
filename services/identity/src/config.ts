import { z } from 'zod';
import { mailConfigFields, pemKey, serviceConfig } from '@podz/kit';
import {
  BCRYPT_COST,
  EMAIL_LINK_TTL_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  clampBcryptCost,
  emailSchema,
  passwordSchema,
} from '@podz/proto';

const optionalSecret = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

export const identityConfigSchema = serviceConfig({ port: 4001, database: 'podz_identity' }).extend({
  /** Identity alone signs sessions; every other process holds only the public key. */
  JWT_PRIVATE_KEY: pemKey,
  /** The origin browsers use; callback URLs elsewhere are replaced by it (NextAuth's InvalidCallbackUrl). */
  PUBLIC_ORIGIN: z.url().default('http://localhost:8080'),
  /** bcrypt cost; out-of-range values are clamped to 4..31 rather than refused (spec §9). */
  BCRYPT_COST: z
    .string()
    .optional()
    .transform((value) => clampBcryptCost(value ?? BCRYPT_COST.default)),
  SESSION_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(SESSION_MAX_AGE_SECONDS),
  /** Mark cookies Secure; on by default in production, where PODZ sits behind TLS. */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** First run: the administrator created when none exists. */
  ADMIN_USERNAME: z.string().default('admin'),
  ADMIN_EMAIL: emailSchema.optional(),
  ADMIN_PASSWORD: passwordSchema.optional(),
  /** Development only (`npm start`): one demo account per role, all with this password. */
  DEMO_ACCOUNTS_PASSWORD: optionalSecret,
  /** Wrong passwords allowed per account before sign-in is refused for the rest of the window. */
  SIGNIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  SIGNIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  CLIENT_LOG_MAX_BYTES: z.coerce.number().int().min(256).default(4096),
  ...mailConfigFields,
  /** Sign-in links, resets and verification mails sent to one address in an hour, account or not. */
  AUTH_MAIL_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  SIGNIN_LINK_TTL_SECONDS: z.coerce.number().int().min(1).default(EMAIL_LINK_TTL_SECONDS.signIn),
  RESET_LINK_TTL_SECONDS: z.coerce.number().int().min(1).default(EMAIL_LINK_TTL_SECONDS.passwordReset),
  VERIFY_LINK_TTL_SECONDS: z.coerce.number().int().min(1).default(EMAIL_LINK_TTL_SECONDS.verification),
});

export type IdentityConfig = z.infer<typeof identityConfigSchema>;
