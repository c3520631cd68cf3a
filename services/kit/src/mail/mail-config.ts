import { z } from 'zod';

/** What a service that sends email reads: an SMTP server and the address mail comes from. */
export const mailConfigFields = {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; in development the dev mail server. */
  SMTP_URL: z
    .string({ error: 'is required (smtp://host:port)' })
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' }),
  MAIL_FROM: z.string().min(3).default('PODZ <no-reply@podz.localhost>'),
};
