// `npm start`: the whole platform on this machine at http://localhost:8080, in the foreground.
// Infrastructure by the one rule (environment → Docker engine → deploy/local), an incremental
// build, then every service and the gateway. Ctrl-C stops everything this command started.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ServiceName } from '../proto/src/services';
import { resolveInfra, type ResolvedInfra } from '../deploy/local/src/resolve-infra';
import { buildServices, buildWeb } from './lib/build';
import { ensureFfmpeg } from './lib/ffmpeg';
import { devKeys } from './lib/dev-keys';
import { startProcess, stopProcess, waitForHealthy, type Managed } from './lib/processes';
import { Supervisor } from './lib/supervisor';
import { Handoffs, startTcpBalancer, type TcpBalancer } from './lib/tcp-balancer';
import { instancesWanted, planInstances, type ProcessName } from './lib/instances';
import { mediaOnS3, moveFolderIntoBucket, type LocalS3 } from './lib/local-s3';
import { REPO_ROOT } from './lib/run';
import { demoNetworkAtStart } from './demo/demo-at-start';

const SERVICE_PORTS: Record<ServiceName, number> = {
  identity: 4001,
  catalog: 4002,
  requests: 4003,
  messaging: 4004,
  content: 4005,
  analytics: 4006,
  billing: 4007,
  notifications: 4008,
  search: 4009,
  media: 4010,
  ads: 4011,
  listening: 4012,
};
const GATEWAY_PORT = Number(process.env.PORT ?? 8080);
/** Instance k (from 0) of a service listens on its port + 100·k; gateways on 8180 + k behind 8080. */
const INSTANCE_PORT_STEP = 100;

/** `--instances N` (or PODZ_INSTANCES): how many of every service and of the gateway to run. */
const INSTANCES = instancesWanted(process.argv.slice(2), process.env.PODZ_INSTANCES, 9);
const port = (name: ProcessName, instance: number) => {
  if (name !== 'gateway') return SERVICE_PORTS[name] + INSTANCE_PORT_STEP * instance;
  return INSTANCES === 1 ? GATEWAY_PORT : GATEWAY_PORT + INSTANCE_PORT_STEP + instance;
};
const gatewayPort = (instance: number) => port('gateway', instance);
const PUBLIC_ORIGIN = process.env.PUBLIC_ORIGIN ?? `http://localhost:${GATEWAY_PORT}`;

// Development logins, printed at start. Never used when NODE_ENV=production: there identity needs
// ADMIN_EMAIL / ADMIN_PASSWORD from the environment and creates no demo accounts.
const DEV_ADMIN = { username: 'admin', email: 'admin@podz.local', password: 'podz-admin-2026' };
const DEMO_PASSWORD = 'podz-demo-2026';
const DEMO_ROLES = ['admin', 'editor', 'user', 'owner', 'host', 'guest'];

function identityEnv(production: boolean): Record<string, string> {
  if (production) return {};
  return {
    ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? DEV_ADMIN.email,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? DEV_ADMIN.password,
    DEMO_ACCOUNTS_PASSWORD: process.env.DEMO_ACCOUNTS_PASSWORD ?? DEMO_PASSWORD,
  };
}

function loginLines(production: boolean): string[] {
  if (production) return [];
  const demo = process.env.DEMO_ACCOUNTS_PASSWORD ?? DEMO_PASSWORD;
  return [
    '  development logins (username or email, password):',
    process.env.ADMIN_PASSWORD
      ? '    admin from ADMIN_EMAIL / ADMIN_PASSWORD'
      : `    ${DEV_ADMIN.username.padEnd(12)} ${DEV_ADMIN.password}  (until changed in Settings)`,
    ...DEMO_ROLES.map((role) => `    ${`demo-${role}`.padEnd(12)} ${demo}`),
  ];
}

/** Whether paid plans can be bought: only with a PayPal REST app's credentials in the environment. */
function paymentsLine(): string {
  if (process.env.PAYPAL_CLIENT_ID && process.env.PAYPAL_CLIENT_SECRET)
    return `  payments: PayPal at ${process.env.PAYPAL_API_BASE ?? 'https://api-m.sandbox.paypal.com'}`;
  return '  payments: not configured (set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET; see docs/payments.md)';
}

/** Where the sign-in, reset and notification mail goes, so a developer can open the links. */
function mailLine(endpoints: ResolvedInfra['endpoints']): string {
  if (endpoints.MAIL_INBOX_URL)
    return `  mail: every message PODZ sends lands in ${endpoints.MAIL_INBOX_URL} (MailDev)`;
  return `  mail: sent through ${endpoints.SMTP_URL.replace(/\/\/[^@/]*@/, '//')}`;
}

/**
 * Several instances of each process: a dead one is started again while its twins serve, as an
 * orchestrator would. One of each: the first death stops everything, because nothing is serving
 * then anyway and a crash should stop the developer's run where they can read it, not be retried
 * behind their back.
 */
const supervisor = new Supervisor({
  restart: INSTANCES > 1,
  stopping: () => stopping,
  log: (line) => console.error(`\n↻ ${line}`),
  giveUp: (reason) => {
    console.error(`\n✖ ${reason}`);
    void stopAll(1);
  },
});
let entry: TcpBalancer | undefined;
let s3: LocalS3 | undefined;
let infra: ResolvedInfra | undefined;
let stopping = false;

/**
 * In development, a network worth browsing: shows, episodes with playable audio, hosts, guests and
 * crew (scripts/demo). Seeded as `demo-admin`, so it does not depend on the admin's password; only
 * PODZ_DEMO=off (or production) turns it off.
 */
async function demoNetwork(production: boolean): Promise<string[]> {
  if (production || process.env.PODZ_DEMO === 'off') return [];
  console.log('▶ demo network');
  const password = process.env.DEMO_ACCOUNTS_PASSWORD ?? DEMO_PASSWORD;
  const line = await demoNetworkAtStart({
    identityUrl: `http://127.0.0.1:${SERVICE_PORTS.identity}`,
    catalogUrl: `http://127.0.0.1:${SERVICE_PORTS.catalog}`,
    mediaUrl: `http://127.0.0.1:${SERVICE_PORTS.media}`,
    admin: { username: 'demo-admin', password },
    password,
    log: (line) => console.log(`  ${line}`),
  });
  return [`  ${line}`];
}

async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.log('\nStopping PODZ…');
    // Gateways first, so nothing new comes in while the services drain; each group side by side.
    await entry?.close();
    const managed = supervisor.processes();
    const isGateway = (process_: Managed) => process_.name.startsWith('gateway');
    await Promise.all(managed.filter(isGateway).map((process_) => stopProcess(process_)));
    await Promise.all(
      managed.filter((process_) => !isGateway(process_)).map((process_) => stopProcess(process_)),
    );
    await s3?.stop();
    await infra?.stop();
    console.log('Stopped.');
  }
  process.exit(code);
}

async function main(): Promise<void> {
  const started = Date.now();
  // A second signal while stopping exits at once; every process still running gets SIGTERM on the
  // way out (scripts/lib/processes), so none is left behind.
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  console.log('▶ infrastructure');
  infra = await resolveInfra(process.env, (line) => console.log(`  ${line}`));
  // Media on object storage with one instance as with several (a pod's disk is its own), so adding
  // an instance never moves the files; MEDIA_STORE in the environment chooses otherwise. The first
  // start builds SeaweedFS while the services build.
  console.log(process.env.MEDIA_STORE ? '▶ building' : '▶ media on S3, and building');
  const mediaStore = async () => {
    if (process.env.MEDIA_STORE) return;
    s3 = await mediaOnS3(process.env);
    const folder = process.env.MEDIA_DIR ?? path.join(REPO_ROOT, '.local', 'media');
    await moveFolderIntoBucket(folder, s3.env, (line) => console.log(`  ${line}`));
  };
  await Promise.all([mediaStore(), ensureFfmpeg(), buildServices().then(() => buildWeb())]);

  const keys = devKeys();
  const common = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...infra.endpoints,
    JWT_PUBLIC_KEY: keys.publicKey,
    PUBLIC_ORIGIN,
  };
  const production = common.NODE_ENV === 'production';
  console.log('▶ starting services');
  const instances = Array.from({ length: INSTANCES }, (_, instance) => instance);
  const planned = planInstances({
    count: INSTANCES,
    port,
    common,
    serviceEnv: (name) => {
      const env: Record<string, string | undefined> = { MONGO_DB: `podz_${name}` };
      if (name === 'identity')
        Object.assign(env, { JWT_PRIVATE_KEY: keys.privateKey, ...identityEnv(production) });
      // Stable across restarts, so unsubscribe links in mails sent earlier (and members' private
      // feeds) keep working.
      if (name === 'notifications' && !process.env.NOTIFICATIONS_LINK_SECRET)
        env.NOTIFICATIONS_LINK_SECRET = createHash('sha256')
          .update(`unsubscribe:${keys.privateKey}`)
          .digest('hex');
      // Stable across restarts, so report links given to advertisers keep working.
      if (name === 'analytics' && !process.env.ADS_REPORT_SECRET)
        env.ADS_REPORT_SECRET = createHash('sha256').update(`ads-report:${keys.privateKey}`).digest('hex');
      // Catalog signs members' audio links with it and media checks them.
      const signsOrChecksAudio = name === 'catalog' || name === 'media';
      if (signsOrChecksAudio && !process.env.PREMIUM_LINK_SECRET)
        env.PREMIUM_LINK_SECRET = createHash('sha256').update(`premium:${keys.privateKey}`).digest('hex');
      // The bucket is media's alone: catalog hands it a transcript's files.
      if (name === 'media' && s3) Object.assign(env, s3.env);
      return env;
    },
    // Search's index snapshot outlives restarts.
    searchSnapshotDir: (label) => path.join(REPO_ROOT, '.local', label),
  });
  const handoffs = new Handoffs();
  for (const p of planned) {
    const gateway = p.name === 'gateway';
    supervisor.run(p.label, () => {
      const started = startProcess(p.label, p.entryFile, p.env, p.colour, { ipc: gateway });
      if (gateway) handoffs.watch(`127.0.0.1:${gatewayPort(p.instance)}`, started.child);
      return started;
    });
  }
  if (INSTANCES > 1) {
    entry = await startTcpBalancer(
      GATEWAY_PORT,
      instances.map((instance) => `127.0.0.1:${gatewayPort(instance)}`),
      handoffs,
    );
  }

  for (const instance of instances)
    await waitForHealthy(`http://127.0.0.1:${gatewayPort(instance)}/healthz`, 90_000);
  const demo = await demoNetwork(production);
  console.log(
    [
      '',
      `PODZ is running at http://localhost:${GATEWAY_PORT}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      `  health of every service: http://localhost:${GATEWAY_PORT}/healthz`,
      ...(INSTANCES > 1
        ? [
            `  ${INSTANCES} instances of every service (ports 4001–4010 + ${INSTANCE_PORT_STEP}·k) and gateway` +
              ` (${instances.map(gatewayPort).join(', ')}), behind one entry on ${GATEWAY_PORT};` +
              ' a dead instance is started again while the others serve',
          ]
        : []),
      s3
        ? `  media: S3 bucket ${s3.env.S3_BUCKET} at ${s3.env.S3_ENDPOINT}`
        : `  media: ${process.env.MEDIA_STORE}`,
      ...loginLines(production),
      ...demo,
      paymentsLine(),
      mailLine(infra.endpoints),
      '  infrastructure:',
      ...infra.describe().map((line) => `    ${line}`),
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((err: Error) => {
  console.error(`\n✖ ${err.message}`);
  void stopAll(1);
});
