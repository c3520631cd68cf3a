import { spawnSync } from 'node:child_process';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * Every PODZ process is built on kit's HTTP app. prom-client's default event-loop sampling is a
 * 10 ms timer, which woke each of them a hundred times a second with nothing to do
 * (docs/performance.md, "What a wakeup costs").
 */
describe('an idle kit HTTP app', () => {
  it('sleeps between requests (at most a few dozen wakeups a second) and still reports event-loop lag', () => {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'fixtures', 'idle-app.ts')],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 30_000 },
    );
    if (child.status !== 0) throw new Error(`the idle app failed:\n${child.stderr}`);
    const { perSecond, metrics } = JSON.parse(child.stdout) as { perSecond: number; metrics: string };
    // About 10 with the sampling at 100 ms; about 100 with prom-client's default.
    expect(perSecond).toBeLessThan(30);
    expect(metrics).toMatch(/^nodejs_eventloop_lag_p99_seconds\{service="idle"\} \d/m);
  });
});
