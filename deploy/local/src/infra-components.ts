/** The three pieces of infrastructure every PODZ process needs, and the variables that locate them. */
export const COMPONENTS = ['mongo', 'kafka', 'redis'] as const;
export type Component = (typeof COMPONENTS)[number];

export const COMPONENT_VARIABLE: Record<Component, 'MONGO_URL' | 'KAFKA_BROKERS' | 'REDIS_URL'> = {
  mongo: 'MONGO_URL',
  kafka: 'KAFKA_BROKERS',
  redis: 'REDIS_URL',
};

export type InfraEndpoints = Record<'MONGO_URL' | 'KAFKA_BROKERS' | 'REDIS_URL', string>;

export type InfraSource = 'environment' | 'docker' | 'local';

export interface ComponentResolution {
  source: InfraSource;
  url: string;
  /** What runs there, for the start-up banner. */
  detail: string;
  /** Stops it, when this process started it. */
  stop?: () => Promise<void>;
}
