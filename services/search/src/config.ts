import { z } from 'zod';
import { serviceConfig, serviceUrls } from '@podz/kit';

export const searchConfigSchema = serviceConfig({ port: 4009, database: 'podz_search' })
  .extend({
    /**
     * Where documents are fetched from when their events arrive: the owning services, directly
     * (several instances separated by commas, read in turn).
     */
    CATALOG_URL: serviceUrls('http://127.0.0.1:4002'),
    IDENTITY_URL: serviceUrls('http://127.0.0.1:4001'),
    /**
     * Where each instance keeps its index's snapshot, so a restart loads it and reads only the
     * changes since instead of every document. Each instance needs a directory of its own.
     */
    SEARCH_SNAPSHOT_DIR: z.string().min(1).default('.local/search'),
    /** How often an instance records how far it has followed (embedded: writes its snapshot) when something changed. */
    SEARCH_SNAPSHOT_SECONDS: z.coerce.number().int().min(1).default(60),
    /**
     * What answers searches: `embedded` (an index in each instance's memory; `npm start`, tests, one
     * machine) or `opensearch` (a cluster every instance shares, at OPENSEARCH_URL).
     */
    SEARCH_ENGINE: z.enum(['embedded', 'opensearch']).default('embedded'),
    OPENSEARCH_URL: z.url().optional(),
    /** Names this deployment's indexes (`<prefix>-shows`, …); the database's name when unset. */
    OPENSEARCH_INDEX_PREFIX: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, - and _')
      .optional(),
  })
  .refine((config) => config.SEARCH_ENGINE !== 'opensearch' || config.OPENSEARCH_URL, {
    error: 'SEARCH_ENGINE=opensearch needs OPENSEARCH_URL',
    path: ['OPENSEARCH_URL'],
  });

export type SearchConfig = z.infer<typeof searchConfigSchema>;
