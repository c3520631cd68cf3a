import { z } from 'zod';
import { mailConfigFields, serviceConfig } from '@podz/kit';

export const notificationsConfigSchema = serviceConfig({
  port: 4008,
  database: 'podz_notifications',
}).extend({
  ...mailConfigFields,
  /** Absolute links in mails (to episodes, to the unsubscribe page). */
  PUBLIC_ORIGIN: z.url().default('http://localhost:8080'),
  /** Signs the unsubscribe links in mails; changing it makes the links in earlier mails stop working. */
  NOTIFICATIONS_LINK_SECRET: z
    .string({ error: 'is required (at least 32 characters)' })
    .min(32, { error: 'must be at least 32 characters' }),
  /** The Socket.IO Redis adapter's channel prefix: the same as messaging's, whose sockets carry the pushes. */
  SOCKET_REDIS_PREFIX: z.string().min(1).default('podz:socket.io'),
  /** How long new episodes gather before the first digest of a member goes out. */
  DIGEST_GATHER_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60),
  /** At most one digest per member in this long (a day). */
  DIGEST_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 60 * 60),
  /** How long a message waits unread before it is mailed. */
  MESSAGE_MAIL_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60),
  /** How often due digests and message mails are looked for. */
  MAIL_SWEEP_MS: z.coerce.number().int().min(50).default(10_000),
});

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;
