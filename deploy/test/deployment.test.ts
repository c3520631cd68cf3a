import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { requiredVariables } from '@podz/kit';
import { SERVICE_NAMES } from '@podz/proto';
import { gatewayConfigSchema } from '../../gateway/src/config';
import { NODE_FLAGS } from '../../scripts/lib/processes';

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

  it.each(['service.Dockerfile', 'gateway.Dockerfile'])(
    '%s runs Node with the flags `npm start` and the benches use',
    (file) => {
      const text = readFileSync(path.join(ROOT, 'deploy', 'docker', file), 'utf8');
      // The words of its CMD, whether exec form or a shell's string: node, then the flags, then the entry.
      const words = (text.match(/^CMD (.*)$/m)?.[1] ?? '').replace(/[[\]",\\]/g, ' ').split(/\s+/);
      const node = words.indexOf('node');
      expect(node).toBeGreaterThanOrEqual(0);
      expect(words.slice(node + 1, node + 1 + NODE_FLAGS.length)).toEqual(NODE_FLAGS);
      expect(words[node + 1 + NODE_FLAGS.length]).toMatch(/dist\/main\.js$/);
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

  describe('for more than one of each', () => {
    interface Probe {
      httpGet?: { path: string };
      tcpSocket?: unknown;
    }
    interface Manifest {
      kind: string;
      metadata: { name: string };
      spec: {
        replicas?: number;
        minAvailable?: number;
        minReplicas?: number;
        sessionAffinity?: string;
        selector?: { matchLabels: Record<string, string> };
        scaleTargetRef?: { name: string };
        metrics?: { resource?: { name: string } }[];
        template?: {
          spec: {
            terminationGracePeriodSeconds: number;
            containers: {
              env?: { name: string; valueFrom?: { secretKeyRef?: { key: string } } }[];
              startupProbe: Probe;
              readinessProbe: Probe;
              livenessProbe: Probe;
              resources: { requests: Record<string, string>; limits: Record<string, string> };
            }[];
          };
        };
      };
    }
    const k8s = (file: string) =>
      parseAllDocuments(readFileSync(path.join(ROOT, 'deploy', 'k8s', file), 'utf8')).map(
        (doc) => doc.toJS() as Manifest,
      );
    const deployment = (name: string) => k8s(`${name}.yaml`).find((m) => m.kind === 'Deployment')!;
    const scaling = k8s('scaling.yaml');
    const config = readFileSync(path.join(ROOT, 'deploy', 'k8s', 'config.env'), 'utf8');

    it.each([...servicesOnDisk, 'gateway'])('runs %s twice, one kept up through disruptions', (name) => {
      const { spec } = deployment(name);
      expect(spec.replicas).toBeGreaterThanOrEqual(2);
      const budget = scaling.find((m) => m.kind === 'PodDisruptionBudget' && m.metadata.name === name);
      expect(budget?.spec.minAvailable).toBe(1);
      expect(budget?.spec.selector?.matchLabels).toEqual({ 'app.kubernetes.io/name': name });
      const [container] = spec.template!.spec.containers;
      expect(container!.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      expect(container!.resources.limits).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      // preStop (5 s), the HTTP drain (SHUTDOWN_TIMEOUT_MS, 10 s), consumers leaving (up to 5 s).
      expect(spec.template!.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(25);
    });

    it.each(servicesOnDisk)('starts %s only once its consumer groups are joined', (name) => {
      const [container] = deployment(name).spec.template!.spec.containers;
      expect(container!.startupProbe.httpGet?.path).toBe('/startedz');
      expect(container!.readinessProbe.httpGet?.path).toBe('/readyz');
      expect(container!.livenessProbe.httpGet?.path).toBe('/healthz');
    });

    it('scales the gateway, catalog and messaging on CPU', () => {
      for (const name of ['gateway', 'catalog', 'messaging']) {
        const autoscaler = scaling.find(
          (m) => m.kind === 'HorizontalPodAutoscaler' && m.spec.scaleTargetRef?.name === name,
        );
        expect(autoscaler?.spec.minReplicas).toBeGreaterThanOrEqual(2);
        expect(autoscaler?.spec.metrics?.[0]?.resource?.name).toBe('cpu');
      }
    });

    it('keeps media where every media replica reads it, with no key to it elsewhere, and long-polling clients on one pod', () => {
      expect(config).toMatch(/^MEDIA_STORE=s3$/m);
      expect(config).toMatch(/^S3_BUCKET=\S+$/m);
      const envOf = (name: string) => deployment(name).spec.template!.spec.containers[0]!.env ?? [];
      for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
        expect(envOf('media').find((e) => e.name === key)?.valueFrom?.secretKeyRef?.key).toBe(key);
        expect(envOf('catalog').find((e) => e.name === key)).toBeUndefined();
      }
      // Media's service-to-service routes answer whoever reaches its port: only the gateway and catalog do.
      const policy = k8s('media.yaml').find((m) => m.kind === 'NetworkPolicy') as unknown as {
        spec: { ingress: { from: { podSelector: { matchLabels: Record<string, string> } }[] }[] };
      };
      expect(
        policy.spec.ingress.flatMap((rule) => rule.from.map((peer) => peer.podSelector.matchLabels)),
      ).toEqual([{ 'app.kubernetes.io/name': 'gateway' }, { 'app.kubernetes.io/name': 'catalog' }]);
      const messaging = k8s('messaging.yaml').find((m) => m.kind === 'Service');
      expect(messaging?.spec.sessionAffinity).toBe('ClientIP');
      const ingress = readFileSync(path.join(ROOT, 'deploy', 'k8s', 'ingress.yaml'), 'utf8');
      expect(ingress).toMatch(/nginx\.ingress\.kubernetes\.io\/affinity: cookie/);
    });
  });
});
