import { serviceConfig, type ServiceConfig } from '@podz/kit';

export const identityConfigSchema = serviceConfig({ port: 4001, database: 'podz_identity' });

export type IdentityConfig = ServiceConfig;
