import { z } from 'zod';
import { testKeys } from '../testing/test-keys';
import { loadConfig, requiredVariables } from './load-config';
import { serviceConfig } from './service-config';

const schema = serviceConfig({ port: 4999, database: 'podz_test' });
const complete = {
  MONGO_URL: 'mongodb://127.0.0.1:27017',
  KAFKA_BROKERS: '127.0.0.1:9092, 127.0.0.1:9093',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_PUBLIC_KEY: testKeys().publicKey.replace(/\n/g, '\\n'),
};

describe('service configuration', () => {
  it('applies defaults and parses lists and escaped PEM newlines', () => {
    const config = loadConfig(schema, complete);
    expect(config.PORT).toBe(4999);
    expect(config.MONGO_DB).toBe('podz_test');
    expect(config.NODE_ENV).toBe('development');
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:9092', '127.0.0.1:9093']);
    expect(config.JWT_PUBLIC_KEY).toBe(testKeys().publicKey.trim());
  });

  it('lists every missing or invalid variable in one error', () => {
    expect(() => loadConfig(schema, { PORT: 'eighty' })).toThrow(
      /PORT[\s\S]*MONGO_URL[\s\S]*KAFKA_BROKERS[\s\S]*REDIS_URL[\s\S]*JWT_PUBLIC_KEY/,
    );
  });

  it('rejects a key that is not PEM', () => {
    expect(() => loadConfig(schema, { ...complete, JWT_PUBLIC_KEY: 'secret' })).toThrow(
      /JWT_PUBLIC_KEY: must be a PEM key/,
    );
  });

  it('names the variables a deployment must provide', () => {
    expect(requiredVariables(schema).sort()).toEqual([
      'JWT_PUBLIC_KEY',
      'KAFKA_BROKERS',
      'MONGO_URL',
      'REDIS_URL',
    ]);
    expect(requiredVariables(z.object({ A: z.string(), B: z.string().optional() }))).toEqual(['A']);
  });
});
