import { z } from 'zod';
import { serviceConfig } from '@podz/kit';

export const listeningConfigSchema = serviceConfig({ port: 4012, database: 'podz_listening' }).extend({
  /**
   * How often each instance moves the positions saved in Redis since its last pass into the store.
   * A position is in Redis the moment it is saved; this is how long a store-only reader lags.
   */
  POSITION_FLUSH_MS: z.coerce.number().int().min(100).default(2_000),
});

export type ListeningConfig = z.infer<typeof listeningConfigSchema>;
