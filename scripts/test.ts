// `npm test`: lint, compile and type-check everything, build the web app, then run every jest suite
// against real infrastructure (jest's global setup finds or starts it). Extra arguments go to jest.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildServices, buildWeb } from './lib/build';
import { ensureFfmpeg } from './lib/ffmpeg';
import { REPO_ROOT, run } from './lib/run';

interface JestSummary {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTotalTests: number;
}

/**
 * What a fresh machine downloads and builds before the suites can run (Debian's packages, Go builds
 * of FerretDB and SeaweedFS, Kafka's jars, Chromium, ffmpeg), started at once and left to run beside
 * the lint, compile and web build: much of it waits on the network while those use the cores.
 * The answer is a promise that never rejects; `ready()` rethrows what failed.
 */
function prepareInBackground(): { ready(): Promise<void> } {
  const infra = path.join(REPO_ROOT, 'deploy', 'local', 'infra.sh');
  const preparing = (async () => {
    // OpenSearch and SeaweedFS (the search and S3 suites' engines) are resolved and built here rather
    // than by their suites amid the others: a first build takes two cores for minutes.
    await run('bash', [infra, 'prepare', 'mongo', 'kafka', 'redis', 'mail', 'opensearch', 's3']);
    // After the components: apt holds one lock for the whole machine.
    await run('bash', [path.join(REPO_ROOT, 'scripts', 'ensure-chromium.sh')]);
    await ensureFfmpeg();
  })().then(
    () => undefined,
    (err: Error) => err,
  );
  return {
    async ready() {
      const failed = await preparing;
      if (failed) throw failed;
    },
  };
}

/**
 * The fault scenarios named in PODZ_FAULTS_BESIDE (`.ci/run` names those that kill only the fault
 * suite's own processes: `crashes,listens,kafka3`), run by `scripts/faults/run.ts` while the suites
 * run: jest leaves a fifth of the two cores idle while suites wait on brokers and clocks, and these
 * scenarios spend much of their ten minutes waiting for killed processes to come back. The
 * scenarios that stop the store, Redis or Kafka cannot share them with the suites and run after.
 * Their output goes to a log (thousands of service lines); the verdict is printed at the end.
 */
function faultsBeside(scenarios: string): { passed: Promise<boolean>; log: string } {
  const log = path.join(REPO_ROOT, '.local', 'logs', 'faults-beside.log');
  mkdirSync(path.dirname(log), { recursive: true });
  const out = createWriteStream(log);
  const env = { ...process.env };
  for (const name of ['MONGO_URL', 'KAFKA_BROKERS', 'REDIS_URL', 'SMTP_URL', 'MAIL_INBOX_URL'])
    delete env[name];
  // Niced, with what it starts: the suites come first, and the scenarios take the cores they leave.
  // They check what was kept and counted, not how fast a process came back.
  const child = spawn('nice', ['-n', '10', 'npx', 'tsx', 'scripts/faults/run.ts', `--only=${scenarios}`], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  const passed = new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(false));
    // After its output is all read: the log is complete once it is flushed.
    child.once('close', (code) => out.end(() => resolve(code === 0)));
  });
  return { passed, log };
}

/** The fault suite's verdict from its log: from its summary line on, or the last lines when it has none. */
function faultsVerdict(log: string): string {
  const text = readFileSync(log, 'utf8');
  const summary = text.lastIndexOf('\nFault suite (');
  return summary >= 0 ? text.slice(summary + 1) : text.split('\n').slice(-40).join('\n');
}

async function main(): Promise<number> {
  console.log('▶ preparing the infrastructure, Chromium and ffmpeg (in the background)');
  const tools = prepareInBackground();
  // First, and failing the run: the house rules (layers, zones, no `!`) and the formatting.
  console.log('▶ linting (eslint, prettier --check)');
  await run('npm', ['run', 'lint']);
  console.log('▶ type-checking and compiling (tsc -b)');
  await buildServices();
  await run('npx', ['tsc', '-p', 'tsconfig.tests.json', '--noEmit']);
  await run('npx', ['tsc', '-p', 'web/tsconfig.test.json', '--noEmit']);
  await run('npx', ['tsc', '-p', 'e2e/tsconfig.json', '--noEmit']);
  console.log('▶ building the web app');
  await buildWeb(true);
  console.log('▶ waiting for the infrastructure, Chromium and ffmpeg');
  await tools.ready();

  const besideScenarios = process.env.PODZ_FAULTS_BESIDE;
  const infra = path.join(REPO_ROOT, 'deploy', 'local', 'infra.sh');
  const shared = ['mongo', 'kafka', 'redis', 'mail'];
  // Started here when the fault suite runs beside: jest and the fault suite each stop only what they
  // started, so neither takes the components away from the other.
  if (besideScenarios) await run('bash', [infra, 'up', ...shared]);
  const faults = besideScenarios ? faultsBeside(besideScenarios) : undefined;
  if (faults)
    console.log(
      `▶ fault scenarios ${besideScenarios} beside the suites (log ${path.relative(REPO_ROOT, faults.log)})`,
    );

  const results = path.join(REPO_ROOT, '.local', 'jest-results.json');
  mkdirSync(path.dirname(results), { recursive: true });
  console.log('▶ running the test suites');
  const jestArgs = ['jest', '--ci', '--json', `--outputFile=${results}`, ...process.argv.slice(2)];
  const passed = await run('npx', jestArgs).then(
    () => true,
    () => false,
  );
  let faultsPassed = true;
  if (faults) {
    faultsPassed = await faults.passed;
    console.log(`\n${faultsVerdict(faults.log)}`);
    await run('bash', [infra, 'down', ...shared]);
  }
  if (!existsSync(results)) return 1;
  const summary = JSON.parse(readFileSync(results, 'utf8')) as JestSummary;
  const skipped = summary.numPendingTests ? `, ${summary.numPendingTests} skipped` : '';
  // The plain closing line CI reads, after jest's own summary.
  console.log(`\nTests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed${skipped}`);
  if (!faultsPassed) console.log('Fault scenarios beside the suites: failed');
  return passed && faultsPassed && summary.numTotalTests > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`\n✖ ${err.message}`);
    process.exit(1);
  },
);
