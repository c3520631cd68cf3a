// `npm test`: lint, compile and type-check everything, build the web app, then run every jest suite
// against real infrastructure (jest's global setup finds or starts it). Extra arguments go to jest.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { componentsStartedLocally } from '../deploy/local/src/resolve-infra';
import { buildServices, buildWeb } from './lib/build';
import { REPO_ROOT, run, runLogged } from './lib/run';

interface JestSummary {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTotalTests: number;
}

/**
 * Chromium, and the downloads and Go builds of the infrastructure jest's global setup will start
 * (plus SeaweedFS for catalog's S3 suite). On a fresh machine they take about seven minutes, most
 * of it building SeaweedFS on both cores, while linting and tsc leave a core partly idle: the
 * builds run beside them at the lowest priority, so they take what is idle and never slow the
 * checks (at equal priority, four compilers beside tsc made lint and tsc three times slower and
 * the whole later). Built before the suites run, never amid them.
 */
function prepareInBackground(): { log: string; done: Promise<void> } {
  const log = path.join(REPO_ROOT, '.local', 'logs', 'npm-test-prepare.log');
  mkdirSync(path.dirname(log), { recursive: true });
  const infra = path.join(REPO_ROOT, 'deploy', 'local', 'infra.sh');
  const done = (async () => {
    await runLogged('bash', [path.join(REPO_ROOT, 'scripts', 'ensure-chromium.sh')], log);
    await runLogged('nice', ['-n', '19', 'bash', infra, 'prepare', ...componentsStartedLocally(), 's3'], log);
  })();
  // Awaited after the build; until then a failure must not count as unhandled.
  done.catch(() => undefined);
  return { log, done };
}

async function main(): Promise<number> {
  const prepared = prepareInBackground();
  console.log(
    `▶ preparing Chromium and the local infrastructure in the background (log ${path.relative(REPO_ROOT, prepared.log)})`,
  );
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
  const waiting = Date.now();
  console.log('▶ waiting for Chromium and the local infrastructure to be ready');
  await prepared.done;
  console.log(`  ready (waited ${Math.round((Date.now() - waiting) / 1000)} s)`);

  const results = path.join(REPO_ROOT, '.local', 'jest-results.json');
  mkdirSync(path.dirname(results), { recursive: true });
  console.log('▶ running the test suites');
  const jestArgs = ['jest', '--ci', '--json', `--outputFile=${results}`, ...process.argv.slice(2)];
  const passed = await run('npx', jestArgs).then(
    () => true,
    () => false,
  );
  if (!existsSync(results)) return 1;
  const summary = JSON.parse(readFileSync(results, 'utf8')) as JestSummary;
  const skipped = summary.numPendingTests ? `, ${summary.numPendingTests} skipped` : '';
  // The plain closing line CI reads, after jest's own summary.
  console.log(`\nTests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed${skipped}`);
  return passed && summary.numTotalTests > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`\n✖ ${err.message}`);
    process.exit(1);
  },
);
