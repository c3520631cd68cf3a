import { serviceConfig, type ServiceConfig } from '@podz/kit';

export const requestsConfigSchema = serviceConfig({ port: 4003, database: 'podz_requests' });

export type RequestsConfig = ServiceConfig;
