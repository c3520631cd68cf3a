import { resolveInfra } from './resolve-infra';

describe('resolving infrastructure', () => {
  it('uses explicit URLs from the environment first, and never stops what it did not start', async () => {
    const lines: string[] = [];
    const infra = await resolveInfra(
      {
        MONGO_URL: 'mongodb://db.example:27017',
        KAFKA_BROKERS: 'k1:9092,k2:9092',
        REDIS_URL: 'redis://cache:6379',
        SMTP_URL: 'smtp://mail.example:587',
      },
      (line) => lines.push(line),
    );
    expect(infra.endpoints).toEqual({
      MONGO_URL: 'mongodb://db.example:27017',
      KAFKA_BROKERS: 'k1:9092,k2:9092',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_INBOX_URL: '',
    });
    expect(Object.values(infra.components).map((c) => c.source)).toEqual([
      'environment',
      'environment',
      'environment',
      'environment',
    ]);
    expect(infra.describe()).toHaveLength(4);
    expect(infra.describe()[0]).toContain('environment: from MONGO_URL');
    await infra.stop();
    expect(lines).toEqual([]);
  });
});
