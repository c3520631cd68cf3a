import { z } from 'zod';
import { serviceConfig } from '@podz/kit';

export const contentConfigSchema = serviceConfig({ port: 4005, database: 'podz_content' }).extend({
  // A page of twelve rich sections or a long documentation page is more than the usual 100kb.
  BODY_LIMIT: z.string().default('512kb'),
});

export type ContentConfig = z.infer<typeof contentConfigSchema>;
