import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import type { Component, ComponentResolution } from './infra-components';

const SCRIPT = path.resolve(__dirname, '..', 'infra.sh');

const PORTS: Record<Component, number> = {
  mongo: Number(process.env.PODZ_MONGO_PORT ?? 27017),
  kafka: Number(process.env.PODZ_KAFKA_PORT ?? 9092),
  redis: Number(process.env.PODZ_REDIS_PORT ?? 6379),
  mail: Number(process.env.PODZ_SMTP_PORT ?? 1025),
};
const MAIL_WEB_PORT = Number(process.env.PODZ_MAIL_WEB_PORT ?? 1080);

const URLS: Record<Component, string> = {
  mongo: `mongodb://127.0.0.1:${PORTS.mongo}`,
  kafka: `127.0.0.1:${PORTS.kafka}`,
  redis: `redis://127.0.0.1:${PORTS.redis}`,
  mail: `smtp://127.0.0.1:${PORTS.mail}`,
};

const DETAILS: Record<Component, string> = {
  mongo: 'FerretDB 1.24 on PostgreSQL 15 from deploy/local',
  kafka: 'Apache Kafka 3.9 (KRaft) from deploy/local',
  redis: 'redis-server from deploy/local',
  mail: 'MailDev from deploy/local',
};

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Runs `deploy/local/infra.sh`, streaming its lines so a first-time build shows its progress. */
function runScript(args: string[], log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const forward = (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .filter((line) => line.trim())
        .forEach((line) => log(line));
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`deploy/local/infra.sh ${args.join(' ')} failed (exit ${code})`)),
    );
  });
}

/**
 * Uses what already listens on the component's loopback port, or starts it with the local scripts.
 * Only what this call started is stopped by `stop`, so a developer's `npm run infra:up` survives.
 */
export async function ensureLocal(
  components: Component[],
  log: (line: string) => void,
): Promise<Record<Component, ComponentResolution>> {
  const running = await Promise.all(components.map((component) => isListening(PORTS[component])));
  const toStart = components.filter((_, index) => !running[index]);
  if (toStart.length > 0) await runScript(['up', ...toStart], log);
  const resolved = {} as Record<Component, ComponentResolution>;
  for (const component of components) {
    const startedHere = toStart.includes(component);
    resolved[component] = {
      source: 'local',
      url: URLS[component],
      inboxUrl: component === 'mail' ? `http://127.0.0.1:${MAIL_WEB_PORT}` : undefined,
      detail: `${DETAILS[component]}${startedHere ? '' : ', already running'}`,
      stop: startedHere ? () => runScript(['down', component], log) : undefined,
    };
  }
  return resolved;
}
