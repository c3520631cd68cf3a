// `npm test`: lint, compile and type-check everything, build the web app, then run every jest suite
// against real infrastructure (jest's global setup finds or starts it). Extra arguments go to jest.
// `npm test -- --with-faults` (what CI runs) also runs the fault suite (`npm run faults`), on its
// own components, once the services are compiled: beside the rest of the preparation, not after jest.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildServices, buildWeb } from './lib/build';
import { ensureFfmpeg } from './lib/ffmpeg';
import { showLines } from './lib/processes';
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
 * The fault suite, its lines shown as they come, resolving to whether it passed. It stops and starts
 * the store, the cache and the broker, so it runs before jest's suites start on them. Alone it
 * keeps about 1.2 of two cores busy (outages, restarts and consumers catching up are waits), and
 * the builds still running (SeaweedFS, niced; the type checks; the web app) take the rest.
 */
function faultSuite(): Promise<boolean> {
  const child = spawn('npx', ['tsx', path.join('scripts', 'faults', 'run.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  showLines(child, 'faults', 0);
  return new Promise((resolve) => {
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

async function main(): Promise<number> {
  const withFaults = process.argv.includes('--with-faults');
  console.log('▶ preparing the infrastructure, Chromium and ffmpeg (in the background)');
  const tools = prepareInBackground();
  // First, and failing the run: the house rules (layers, zones, no `!`) and the formatting.
  console.log('▶ linting (eslint, prettier --check)');
  await run('npm', ['run', 'lint']);
  console.log('▶ type-checking and compiling (tsc -b)');
  await buildServices();
  if (withFaults) console.log('▶ the fault suite (its components wait for their builds)');
  const faults = withFaults ? faultSuite() : Promise.resolve(true);
  await run('npx', ['tsc', '-p', 'tsconfig.tests.json', '--noEmit']);
  await run('npx', ['tsc', '-p', 'web/tsconfig.test.json', '--noEmit']);
  await run('npx', ['tsc', '-p', 'e2e/tsconfig.json', '--noEmit']);
  console.log('▶ building the web app');
  await buildWeb(true);
  console.log(
    `▶ waiting for the infrastructure, Chromium and ffmpeg${withFaults ? ', and the fault suite' : ''}`,
  );
  // Both settle first: a failed build does not leave the fault suite running on its own.
  const [unprepared, faultsPassed] = await Promise.all([
    tools.ready().then(
      () => undefined,
      (err: Error) => err,
    ),
    faults,
  ]);
  if (unprepared) throw unprepared;

  const results = path.join(REPO_ROOT, '.local', 'jest-results.json');
  mkdirSync(path.dirname(results), { recursive: true });
  console.log('▶ running the test suites');
  const jestArgs = [
    'jest',
    '--ci',
    '--json',
    `--outputFile=${results}`,
    ...process.argv.slice(2).filter((arg) => arg !== '--with-faults'),
  ];
  const passed = await run('npx', jestArgs).then(
    () => true,
    () => false,
  );
  if (!existsSync(results)) return 1;
  const summary = JSON.parse(readFileSync(results, 'utf8')) as JestSummary;
  const skipped = summary.numPendingTests ? `, ${summary.numPendingTests} skipped` : '';
  // The plain closing line CI reads, after jest's own summary.
  console.log(`\nTests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed${skipped}`);
  if (withFaults)
    console.log(`Fault suite: ${faultsPassed ? 'passed' : 'failed (its lines above say where)'}`);
  return passed && faultsPassed && summary.numTotalTests > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`\n✖ ${err.message}`);
    process.exit(1);
  },
);
