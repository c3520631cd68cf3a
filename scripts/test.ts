// `npm test`: lint, compile and type-check everything, build the web app, then run every jest suite
// against real infrastructure (jest's global setup finds or starts it). Extra arguments go to jest.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
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

async function main(): Promise<number> {
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
  console.log('▶ checking for Chromium (end-to-end tests)');
  await run('bash', [path.join(REPO_ROOT, 'scripts', 'ensure-chromium.sh')]);
  console.log('▶ checking for ffmpeg (media’s audio pipeline)');
  await ensureFfmpeg();

  // Built before the suites run, not by the S3 suite amid them: a first build takes two cores for minutes.
  console.log('▶ preparing SeaweedFS (media’s S3 suite; built once)');
  await run('bash', [path.join(REPO_ROOT, 'deploy', 'local', 'infra.sh'), 'prepare', 's3']);

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
