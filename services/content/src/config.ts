import { z } from 'zod';
import { serviceConfig } from '@podz/kit';

export const contentConfigSchema = serviceConfig({ port: 4005, database: 'podz_content' }).extend({
  // A page of twelve rich sections or a long documentation page is more than the usual 100kb.
  BODY_LIMIT: z.string().default('512kb'),
  // Beside the gateway's per-IP limit: a bot rotating addresses still cannot flood one inbox sender.
  FORMS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(5),
});

export type ContentConfig = z.infer<typeof contentConfigSchema>;
