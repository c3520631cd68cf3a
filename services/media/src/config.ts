import type { z } from 'zod';
import { serviceConfig } from '@podz/kit';

export const mediaConfigSchema = serviceConfig({ port: 4010, database: 'podz_media' });

export type MediaConfig = z.infer<typeof mediaConfigSchema>;
