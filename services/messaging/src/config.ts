import { z } from 'zod';
import { serviceConfig } from '@podz/kit';

export const messagingConfigSchema = serviceConfig({ port: 4004, database: 'podz_messaging' }).extend({
  /** Messages one user may send per minute, over every instance (admin messages count once per call). */
  MESSAGE_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** The Redis channel prefix the Socket.IO adapter uses to reach the other instances. */
  SOCKET_REDIS_PREFIX: z.string().min(1).default('podz:socket.io'),
  /**
   * How long a message waits for others to be stored with it in one write (0: each alone). At 200
   * messages a second, 10 ms halves what an insert costs the store (docs/performance.md).
   */
  MESSAGE_WRITE_WINDOW_MS: z.coerce.number().int().min(0).max(100).default(10),
});

export type MessagingConfig = z.infer<typeof messagingConfigSchema>;
