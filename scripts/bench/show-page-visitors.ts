// Visitors opening show pages, in a process of their own. The bench process holds the seed, the
// stack's clients and every figure so far; its garbage collections (scavenges of 5–8 ms and
// mark-compacts of about 10 ms, measured during the show-page pass) stalled every view in flight and
// were counted as the platform's latency. A visitor's browser does not share a heap with the
// benchmark, so the load generator does not either.
import { fork, type ChildProcess } from 'node:child_process';
import { concurrently } from './bench-kit';
import { getJson, getOk } from './http-client';

/** One pass of views: at a steady `rate` (latency counted from when each was due), or closed-loop. */
export type VisitorPass =
  { kind: 'paced'; count: number; rate: number } | { kind: 'saturated'; count: number; concurrency: number };

export interface PassResult {
  latencies: number[];
  seconds: number;
}

interface Setup {
  gatewayUrl: string;
  /** URL names of the shows; view n opens show (n × 7919) mod the number of shows. */
  showNames: string[];
}

const CHILD_FLAG = '--show-page-visitors';

/** A show page's data: the show by its URL name, then its first page of episodes. */
async function view(setup: Setup, n: number): Promise<void> {
  const name = setup.showNames[(n * 7919) % setup.showNames.length]!;
  const podcast = await getJson<{ id: string }>(`${setup.gatewayUrl}/api/podcasts/name/${name}`);
  await getOk(`${setup.gatewayUrl}/api/episodes/podcast-episodes?podcastId=${podcast.id}&page=1&limit=10`);
}

async function runPass(setup: Setup, pass: VisitorPass): Promise<PassResult> {
  const latencies: number[] = [];
  const start = performance.now();
  if (pass.kind === 'paced') {
    // 50 visitors in flight at most; each view waits for its due time.
    await concurrently(50, pass.count, async (n) => {
      const dueAt = start + (n * 1000) / pass.rate;
      const wait = dueAt - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await view(setup, n);
      latencies.push(performance.now() - dueAt);
    });
  } else {
    await concurrently(pass.concurrency, pass.count, async (n) => {
      const started = performance.now();
      await view(setup, n);
      latencies.push(performance.now() - started);
    });
  }
  return { latencies, seconds: (performance.now() - start) / 1000 };
}

/** The visitors' process, started and ready for passes; `stop` ends it. */
export async function startVisitors(setup: Setup) {
  const child: ChildProcess = fork(__filename, [CHILD_FLAG], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the visitors' process exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message);
      });
    });
  const ready = next();
  child.send(setup);
  await ready;
  return {
    async run(pass: VisitorPass): Promise<PassResult> {
      const answer = next();
      child.send(pass);
      const result = (await answer) as PassResult | { error: string };
      if ('error' in result) throw new Error(`show-page visitors: ${result.error}`);
      return result;
    },
    stop: () => {
      child.kill();
    },
  };
}

// In the child: the setup first, then one pass per message, each answered with its result.
if (process.argv.includes(CHILD_FLAG) && process.send) {
  let setup: Setup | undefined;
  process.on('message', (message: Setup | VisitorPass) => {
    if (!setup) {
      setup = message as Setup;
      process.send!('ready');
      return;
    }
    runPass(setup, message as VisitorPass).then(
      (result) => process.send!(result),
      (err: unknown) => process.send!({ error: String(err) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}
