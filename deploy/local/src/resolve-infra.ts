import { isDockerEngineReachable } from './docker-engine';
import { startInContainer } from './docker-infra';
import {
  COMPONENTS,
  COMPONENT_VARIABLE,
  type Component,
  type ComponentResolution,
  type InfraEndpoints,
} from './infra-components';
import { ensureLocal } from './local-infra';

export interface ResolvedInfra {
  endpoints: InfraEndpoints;
  components: Record<Component, ComponentResolution>;
  /** One line per component: where it is and what it is. */
  describe(): string[];
  /** Stops whatever this resolution started; leaves everything else alone. */
  stop(): Promise<void>;
}

/**
 * The one rule of ARCHITECTURE §2, per component: an explicit URL in the environment, else a
 * reachable Docker engine (testcontainers), else the local scripts on loopback. Setting
 * PODZ_INFRA=local skips the Docker check.
 */
export async function resolveInfra(
  env: Readonly<Record<string, string | undefined>> = process.env,
  log: (line: string) => void = console.log,
): Promise<ResolvedInfra> {
  const components = {} as Record<Component, ComponentResolution>;
  const missing: Component[] = [];
  for (const component of COMPONENTS) {
    const url = env[COMPONENT_VARIABLE[component]];
    if (!url) missing.push(component);
    else {
      components[component] = { source: 'environment', url, detail: `from ${COMPONENT_VARIABLE[component]}` };
      if (component === 'mail') components.mail.inboxUrl = env.MAIL_INBOX_URL || undefined;
    }
  }

  if (missing.length > 0) {
    const useDocker = env.PODZ_INFRA !== 'local' && isDockerEngineReachable();
    if (useDocker) {
      await Promise.all(
        missing.map(async (component) => (components[component] = await startInContainer(component))),
      );
    } else {
      Object.assign(components, await ensureLocal(missing, log));
    }
  }

  return {
    components,
    endpoints: {
      MONGO_URL: components.mongo.url,
      KAFKA_BROKERS: components.kafka.url,
      REDIS_URL: components.redis.url,
      SMTP_URL: components.mail.url,
      MAIL_INBOX_URL: components.mail.inboxUrl ?? '',
    },
    describe: () =>
      COMPONENTS.map((c) => {
        const { url, inboxUrl, source, detail } = components[c];
        return `${c.padEnd(6)} ${url.padEnd(28)} ${source}: ${detail}${inboxUrl ? `; inbox ${inboxUrl}` : ''}`;
      }),
    stop: async () => {
      for (const component of [...COMPONENTS].reverse()) await components[component].stop?.();
    },
  };
}
