// Visitors opening show or episode pages, in a process of their own. The bench process holds the seed, the
// stack's clients and every figure so far; its garbage collections (scavenges of 5–8 ms and
// mark-compacts of about 10 ms, measured during the show-page pass) stalled every view in flight and
// were counted as the platform's latency. A visitor's browser does not share a heap with the
// benchmark, so the load generator does not either.
import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { concurrently } from './bench-kit';
import { getJson, getOk } from './http-client';

/** One pass of views: at a steady `rate` (latency counted from when each was due), or closed-loop. */
export type VisitorPass =
  { kind: 'paced'; count: number; rate: number } | { kind: 'saturated'; count: number; concurrency: number };

export interface PassResult {
  /** Each view's latency, by the order the views were due (not the order they finished). */
  latencies: number[];
  seconds: number;
  /** The visitors' own longest event-loop delay during the pass (ms): a view due then was sent late. */
  pause: number;
}

/** View n opens item (n × 7919) mod the number of items: show URL names, or episode ids. */
export type VisitorSetup = { gatewayUrl: string } & (
  { page: 'show'; showNames: string[] } | { page: 'episode'; episodeIds: string[] }
);

const CHILD_FLAG = '--page-visitors';
const pick = <T>(items: T[], n: number): T => items[(n * 7919) % items.length]!;

/** A show page's data, as the page asks for it: the show by its URL name with its first page of episodes. */
async function showView(gatewayUrl: string, name: string): Promise<void> {
  const page = await getJson<{ id: string; episodes?: { items: unknown[] } }>(
    `${gatewayUrl}/api/podcasts/name/${name}?episodes=true`,
  );
  if (!page.episodes) throw new Error(`show ${name}: answered without its episodes`);
}

/**
 * An episode page's data, as the page asks for it: the episode (with its chapters and the show's
 * funding links), then at once its guests, the show's earlier episodes and the transcript the
 * episode names.
 */
async function episodeView(gatewayUrl: string, id: string): Promise<void> {
  const episode = await getJson<{ transcript: { jsonUrl: string } | null }>(
    `${gatewayUrl}/api/episodes/${id}`,
  );
  await Promise.all([
    getOk(`${gatewayUrl}/api/episodes/${id}/guests`),
    getOk(`${gatewayUrl}/api/episodes/${id}/prevEpisodes?limit=5`),
    ...(episode.transcript ? [getOk(`${gatewayUrl}${episode.transcript.jsonUrl}`)] : []),
  ]);
}

const view = (setup: VisitorSetup, n: number): Promise<void> =>
  setup.page === 'show'
    ? showView(setup.gatewayUrl, pick(setup.showNames, n))
    : episodeView(setup.gatewayUrl, pick(setup.episodeIds, n));

async function runPass(setup: VisitorSetup, pass: VisitorPass): Promise<PassResult> {
  const latencies: number[] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const start = performance.now();
  if (pass.kind === 'paced') {
    // 50 visitors in flight at most; each view waits for its due time.
    await concurrently(50, pass.count, async (n) => {
      const dueAt = start + (n * 1000) / pass.rate;
      const wait = dueAt - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await view(setup, n);
      latencies[n] = performance.now() - dueAt;
    });
  } else {
    await concurrently(pass.concurrency, pass.count, async (n) => {
      const started = performance.now();
      await view(setup, n);
      latencies[n] = performance.now() - started;
    });
  }
  loopDelay.disable();
  return { latencies, seconds: (performance.now() - start) / 1000, pause: loopDelay.max / 1e6 };
}

/** The visitors' process, started and ready for passes; `stop` ends it. */
export async function startVisitors(setup: VisitorSetup) {
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
      if ('error' in result) throw new Error(`${setup.page}-page visitors: ${result.error}`);
      return result;
    },
    stop: () => {
      child.kill();
    },
  };
}

// In the child: the setup first, then one pass per message, each answered with its result.
if (process.argv.includes(CHILD_FLAG) && process.send) {
  let setup: VisitorSetup | undefined;
  process.on('message', (message: VisitorSetup | VisitorPass) => {
    if (!setup) {
      setup = message as VisitorSetup;
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
