import { serviceConfig, type ServiceConfig } from '@podz/kit';

export const catalogConfigSchema = serviceConfig({ port: 4002, database: 'podz_catalog' });

export type CatalogConfig = ServiceConfig;
