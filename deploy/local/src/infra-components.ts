/** The infrastructure every PODZ process needs, and the variables that locate it. */
export const COMPONENTS = ['mongo', 'kafka', 'redis', 'mail'] as const;
export type Component = (typeof COMPONENTS)[number];

export const COMPONENT_VARIABLE = {
  mongo: 'MONGO_URL',
  kafka: 'KAFKA_BROKERS',
  redis: 'REDIS_URL',
  mail: 'SMTP_URL',
} as const satisfies Record<Component, string>;

/**
 * Where each component listens. `MAIL_INBOX_URL` is the development mail server's web inbox and
 * REST API (MailDev's `GET /email`); it is empty when SMTP_URL names a real server with no inbox
 * PODZ can read.
 */
export type InfraEndpoints = Record<(typeof COMPONENT_VARIABLE)[Component] | 'MAIL_INBOX_URL', string>;

export type InfraSource = 'environment' | 'docker' | 'local';

export interface ComponentResolution {
  source: InfraSource;
  url: string;
  /** The mail server's web inbox, when it has one. */
  inboxUrl?: string;
  /** What runs there, for the start-up banner. */
  detail: string;
  /** Stops it, when this process started it. */
  stop?: () => Promise<void>;
}
