import { z } from 'zod';
import { serviceConfig } from '@podz/kit';

export const searchConfigSchema = serviceConfig({ port: 4009, database: 'podz_search' }).extend({
  /** Where documents are fetched from when their events arrive: the owning services, directly. */
  CATALOG_URL: z.url().default('http://127.0.0.1:4002'),
  IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
  /**
   * Where each instance keeps its index's snapshot, so a restart loads it and reads only the
   * changes since instead of every document. Each instance needs a directory of its own.
   */
  SEARCH_SNAPSHOT_DIR: z.string().min(1).default('.local/search'),
  /** How often an instance writes its snapshot when something changed. */
  SEARCH_SNAPSHOT_SECONDS: z.coerce.number().int().min(1).default(60),
});

export type SearchConfig = z.infer<typeof searchConfigSchema>;
