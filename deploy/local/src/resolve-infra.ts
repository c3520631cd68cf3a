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
    if (url)
      components[component] = { source: 'environment', url, detail: `from ${COMPONENT_VARIABLE[component]}` };
    else missing.push(component);
  }

  if (missing.length > 0) {
    const useDocker = env.PODZ_INFRA !== 'local' && isDockerEngineReachable();
    if (useDocker) {
      const started = await Promise.all(missing.map((component) => startInContainer(component)));
      missing.forEach((component, index) => (components[component] = started[index]!));
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
    },
    describe: () =>
      COMPONENTS.map(
        (c) =>
          `${c.padEnd(6)} ${components[c].url.padEnd(28)} ${components[c].source}: ${components[c].detail}`,
      ),
    stop: async () => {
      for (const component of [...COMPONENTS].reverse()) await components[component].stop?.();
    },
  };
}
