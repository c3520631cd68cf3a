import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, testServiceEnv } from '@podz/kit/testing';
import { startProcess, stopProcess, waitForHealthy } from '../../scripts/lib/processes';
import { Supervisor, type RestartPolicy } from '../../scripts/lib/supervisor';
import {
  startEchoGateway,
  startEchoUpstream,
  type EchoUpstream,
} from '../../gateway/test/support/echo-upstream';
import type { RunningGateway } from '../../gateway/src/gateway';

/**
 * `npm start -- --instances N` as an orchestrator: a SIGKILLed instance is started again while its
 * twin serves, and one that keeps dying stops everything. Runs the built catalog
 * (services/catalog/dist/main.js), as `npm start` does.
 */
jest.setTimeout(180_000);

const QUICK: RestartPolicy = { maxRestarts: 2, windowMs: 60_000, backoffMs: () => 300 };

function supervisor(restart: boolean) {
  const logged: string[] = [];
  const gaveUp: string[] = [];
  let stopping = false;
  const supervising = new Supervisor({
    restart,
    policy: QUICK,
    stopping: () => stopping,
    log: (line) => logged.push(line),
    giveUp: (reason) => gaveUp.push(reason),
  });
  const stop = async () => {
    stopping = true;
    await Promise.all(supervising.processes().map((process_) => stopProcess(process_, 5_000)));
  };
  return { supervising, logged, gaveUp, stop };
}

const until = async (what: string, holds: () => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('two catalog instances under supervision behind a gateway', () => {
  const run = supervisor(true);
  let ports: number[];
  let echo: EchoUpstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    const env = { ...process.env, ...testServiceEnv('catalog') };
    const main = path.resolve(__dirname, '../../services/catalog/dist/main.js');
    ports = [await freePort(), await freePort()];
    ports.forEach((port, n) =>
      run.supervising.run(`catalog-${n + 1}`, () =>
        startProcess(`catalog-${n + 1}`, main, { ...env, PORT: String(port) }, n),
      ),
    );
    for (const port of ports) await waitForHealthy(`http://127.0.0.1:${port}/healthz`, 90_000);
    echo = await startEchoUpstream();
    // No edge cache: every read must reach an instance.
    gateway = await startEchoGateway(echo, {
      CATALOG_URL: ports.map((port) => `http://127.0.0.1:${port}`).join(','),
      EDGE_CACHE_ENTRIES: '0',
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await run.stop();
    await new Promise((resolve) => (echo ? echo.server.close(resolve) : resolve(undefined)));
  });

  it('starts a SIGKILLed instance again while public reads keep answering from its twin', async () => {
    const statuses: number[] = [];
    let reading = true;
    const reads = (async () => {
      while (reading) {
        const res = await fetch(`${gateway.url}/api/podcasts/all-podcasts`);
        await res.arrayBuffer();
        statuses.push(res.status);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    await until('a few reads answered', () => statuses.length >= 5);

    const [first] = run.supervising.processes();
    const pid = first?.child.pid;
    first?.child.kill('SIGKILL');
    await first?.exited;
    await until('catalog-1 is started again', () => run.supervising.processes()[0]?.child.pid !== pid);
    await waitForHealthy(`http://127.0.0.1:${ports[0]}/healthz`, 90_000);
    const afterRestart = statuses.length;
    await until('reads answered after the restart', () => statuses.length >= afterRestart + 5);
    reading = false;
    await reads;

    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(run.logged).toEqual([
      'catalog-1 exited unexpectedly (killed by SIGKILL); starting it again in 0.3 s (restart 1 of at most 2 in 1 min).',
    ]);
    expect(run.gaveUp).toEqual([]);
    const direct = await fetch(`http://127.0.0.1:${ports[0]}/api/podcasts/all-podcasts`);
    expect(direct.status).toBe(200);
  });
});

describe('an instance that keeps dying', () => {
  const crashing = () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'podz-crash-')), 'crash.js');
    writeFileSync(file, 'process.exit(3);\n');
    return file;
  };

  it('is started again with a pause, then given up on after the policy’s restarts, which stops everything', async () => {
    const run = supervisor(true);
    const entry = crashing();
    const supervised = run.supervising.run('search-2', () => startProcess('search-2', entry, process.env, 0));
    await until('the supervisor gives up', () => run.gaveUp.length > 0, 20_000);
    expect(supervised.restarts()).toBe(2);
    expect(run.logged).toEqual([
      'search-2 exited unexpectedly (code 3); starting it again in 0.3 s (restart 1 of at most 2 in 1 min).',
      'search-2 exited unexpectedly (code 3); starting it again in 0.3 s (restart 2 of at most 2 in 1 min).',
    ]);
    expect(run.gaveUp).toEqual([
      'search-2 exited unexpectedly (code 3), 3 deaths in 1 min; stopping everything.',
    ]);
    await run.stop();
  });

  it('stops everything at its first death when there is one instance of each process', async () => {
    const run = supervisor(false);
    const supervised = run.supervising.run('search', () =>
      startProcess('search', crashing(), process.env, 0),
    );
    await until('the supervisor gives up', () => run.gaveUp.length > 0, 20_000);
    expect(run.gaveUp).toEqual(['search exited unexpectedly (code 3); stopping everything.']);
    expect(run.logged).toEqual([]);
    expect(supervised.restarts()).toBe(0);
  });
});
