import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { requiredVariables } from '@podz/kit';
import { SERVICE_NAMES } from '@podz/proto';
import { gatewayConfigSchema } from '../../gateway/src/config';

const ROOT = path.resolve(__dirname, '..', '..');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, unknown>;
  healthcheck?: { test: unknown };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
}

const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, ComposeService>;
};

/** The services in the repo, found on disk, so a new one cannot be forgotten in compose. */
const servicesOnDisk = readdirSync(path.join(ROOT, 'services')).filter(
  (name) => name !== 'kit' && existsSync(path.join(ROOT, 'services', name, 'src', 'main.ts')),
);

function configSchemaOf(service: string): z.ZodObject {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require(path.join(ROOT, 'services', service, 'src', 'config.ts')) as Record<string, unknown>;
  return module[`${service}ConfigSchema`] as z.ZodObject;
}

describe('docker-compose.yml', () => {
  it('knows every service in the repo, and the repo knows every service in proto', () => {
    expect([...servicesOnDisk].sort()).toEqual([...SERVICE_NAMES].sort());
    for (const service of [...servicesOnDisk, 'gateway']) expect(compose.services[service]).toBeDefined();
  });

  it('runs the real infrastructure images', () => {
    expect(compose.services.mongo?.image).toBe('mongo:7');
    expect(compose.services.kafka?.image).toMatch(/^apache\/kafka:3\.9\.\d+$/);
    expect(compose.services.redis?.image).toBe('redis:7');
    expect(compose.services.opensearch?.image).toMatch(/^opensearchproject\/opensearch:2\.19\.\d+$/);
    for (const infra of ['mongo', 'kafka', 'redis', 'opensearch'])
      expect(compose.services[infra]?.healthcheck?.test).toBeDefined();
  });

  it('searches on the OpenSearch node once it is healthy', () => {
    const search = compose.services.search!;
    expect(search.environment).toMatchObject({
      SEARCH_ENGINE: 'opensearch',
      OPENSEARCH_URL: 'http://opensearch:9200',
    });
    expect(search.depends_on?.opensearch?.condition).toBe('service_healthy');
  });

  it.each(servicesOnDisk)(
    'builds %s from a Dockerfile, checks its health and waits for healthy infrastructure',
    (service) => {
      const entry = compose.services[service]!;
      expect(entry.build?.args?.SERVICE).toBe(service);
      expect(existsSync(path.join(ROOT, entry.build!.context, entry.build!.dockerfile))).toBe(true);
      expect(entry.healthcheck?.test).toBeDefined();
      for (const infra of ['mongo', 'kafka', 'redis'])
        expect(entry.depends_on?.[infra]?.condition).toBe('service_healthy');
    },
  );

  it.each(servicesOnDisk)('gives %s every variable its configuration requires', (service) => {
    const environment = Object.keys(compose.services[service]!.environment ?? {});
    expect(environment).toEqual(expect.arrayContaining(requiredVariables(configSchemaOf(service))));
    expect(compose.services[service]!.environment?.MONGO_DB).toBe(`podz_${service}`);
  });

  it('puts the gateway in front of healthy services, on port 8080 only', () => {
    const gateway = compose.services.gateway!;
    expect(existsSync(path.join(ROOT, gateway.build!.context, gateway.build!.dockerfile))).toBe(true);
    expect(gateway.healthcheck?.test).toBeDefined();
    expect(gateway.ports).toEqual(['8080:8080']);
    const environment = Object.keys(gateway.environment ?? {});
    expect(environment).toEqual(expect.arrayContaining(requiredVariables(gatewayConfigSchema)));
    for (const service of SERVICE_NAMES) {
      expect(gateway.environment?.[`${service.toUpperCase()}_URL`]).toMatch(
        new RegExp(`^http://${service}:\\d+$`),
      );
      expect(gateway.depends_on?.[service]?.condition).toBe('service_healthy');
    }
    const published = Object.entries(compose.services).filter(([, entry]) => entry.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['gateway']);
  });
});

describe('Dockerfiles', () => {
  it.each(['service.Dockerfile', 'gateway.Dockerfile'])(
    '%s is multi-stage, production-only and non-root',
    (file) => {
      const text = readFileSync(path.join(ROOT, 'deploy', 'docker', file), 'utf8');
      expect(text.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
      expect(text).toContain('--omit=dev');
      expect(text).toMatch(/^USER node$/m);
      expect(text).toMatch(/^HEALTHCHECK /m);
    },
  );
});

describe('Kubernetes manifests', () => {
  it('deploy every service and the gateway', () => {
    const kustomization = parse(
      readFileSync(path.join(ROOT, 'deploy', 'k8s', 'kustomization.yaml'), 'utf8'),
    ) as {
      resources: string[];
    };
    for (const name of [...servicesOnDisk, 'gateway']) {
      expect(kustomization.resources).toContain(`${name}.yaml`);
      expect(existsSync(path.join(ROOT, 'deploy', 'k8s', `${name}.yaml`))).toBe(true);
    }
  });

  it('run an OpenSearch node that search uses', () => {
    const kustomization = parse(
      readFileSync(path.join(ROOT, 'deploy', 'k8s', 'kustomization.yaml'), 'utf8'),
    ) as { resources: string[] };
    expect(kustomization.resources).toContain('opensearch.yaml');
    const config = readFileSync(path.join(ROOT, 'deploy', 'k8s', 'config.env'), 'utf8');
    expect(config).toMatch(/^SEARCH_ENGINE=opensearch$/m);
    expect(config).toMatch(/^OPENSEARCH_URL=http:\/\/opensearch:9200$/m);
  });
});
