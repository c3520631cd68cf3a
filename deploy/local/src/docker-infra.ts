import type { Component, ComponentResolution } from './infra-components';

/** The same images production uses (Kafka: Confluent's build of Apache Kafka 3.9, KRaft). */
const IMAGES = {
  mongo: 'mongo:7',
  kafka: 'confluentinc/cp-kafka:7.9.0',
  redis: 'redis:7',
  mail: 'maildev/maildev:2.2.1',
} as const;

/** Starts a component in a container through testcontainers; its reaper removes it when we exit. */
export async function startInContainer(component: Component): Promise<ComponentResolution> {
  if (component === 'mongo') {
    const { MongoDBContainer } = await import('@testcontainers/mongodb');
    const container = await new MongoDBContainer(IMAGES.mongo).start();
    return {
      source: 'docker',
      url: `${container.getConnectionString()}?directConnection=true`,
      detail: IMAGES.mongo,
      stop: async () => void (await container.stop()),
    };
  }
  if (component === 'kafka') {
    const { KafkaContainer } = await import('@testcontainers/kafka');
    const container = await new KafkaContainer(IMAGES.kafka).withKraft().start();
    return {
      source: 'docker',
      url: `${container.getHost()}:${container.getMappedPort(9093)}`,
      detail: IMAGES.kafka,
      stop: async () => void (await container.stop()),
    };
  }
  if (component === 'mail') {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer(IMAGES.mail)
      .withExposedPorts(1025, 1080)
      .withWaitStrategy(Wait.forHttp('/healthz', 1080))
      .start();
    const host = container.getHost();
    return {
      source: 'docker',
      url: `smtp://${host}:${container.getMappedPort(1025)}`,
      inboxUrl: `http://${host}:${container.getMappedPort(1080)}`,
      detail: IMAGES.mail,
      stop: async () => void (await container.stop()),
    };
  }
  const { RedisContainer } = await import('@testcontainers/redis');
  const container = await new RedisContainer(IMAGES.redis).start();
  return {
    source: 'docker',
    url: container.getConnectionUrl(),
    detail: IMAGES.redis,
    stop: async () => void (await container.stop()),
  };
}
