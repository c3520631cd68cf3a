import { z } from 'zod';
import { serviceConfig } from '@podz/kit';

export const listeningConfigSchema = serviceConfig({ port: 4012, database: 'podz_listening' }).extend({
  /** How often each instance looks for places due in the store. */
  POSITION_FLUSH_MS: z.coerce.number().int().min(50).default(500),
  /**
   * How long a place waits in Redis after its first change before it is written to the store: the
   * saves of that time become one write. Redis has every save at once and is read first; this is
   * how far the store may lag behind it.
   */
  POSITION_STORE_AFTER_MS: z.coerce.number().int().min(0).default(30_000),
});

export type ListeningConfig = z.infer<typeof listeningConfigSchema>;
