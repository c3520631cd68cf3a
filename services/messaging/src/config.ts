import { serviceConfig, type ServiceConfig } from '@podz/kit';

export const messagingConfigSchema = serviceConfig({ port: 4004, database: 'podz_messaging' });

export type MessagingConfig = ServiceConfig;
