import { serviceConfig, type ServiceConfig } from '@podz/kit';

export const contentConfigSchema = serviceConfig({ port: 4005, database: 'podz_content' });

export type ContentConfig = ServiceConfig;
