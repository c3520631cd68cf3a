// The broker scenario of `npm run faults` on a replicated cluster: the platform runs on deploy/local's
// three KRaft nodes (replication factor 3, min.insync.replicas 2). During 1,000 writes that carry
// events, the node leading most of the user topic's partitions is SIGKILLed, brought back, and then
// another node is restarted. Every acknowledged write must have its event on the topic, and every
// consumer group must read to the end by itself, with no service restarted.
import { Kafka, logLevel } from 'kafkajs';
import type { ResolvedInfra } from '../../deploy/local/src/resolve-infra';
import { startBenchStack } from '../bench/bench-stack';
import { signIn } from '../demo/seed-demo-network';
import { consumerLag } from '../lib/consumer-lag';
import { cluster, CLUSTER_BROKERS, CLUSTER_NODES, exited, nodePid } from '../lib/kafka-cluster';
import { markedWrites } from './marked-writes';
import type { Probe } from './probe';

const WRITES = 1000;
const NODES = CLUSTER_NODES;
const BROKERS = CLUSTER_BROKERS;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The node leading most partitions of a topic: the one whose loss moves the most leaders. */
async function busiestLeader(admin: ReturnType<Kafka['admin']>, topic: string): Promise<number> {
  const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
  const led = new Map<number, number>();
  for (const partition of topics[0]?.partitions ?? [])
    led.set(partition.leader, (led.get(partition.leader) ?? 0) + 1);
  return [...led].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 1;
}

export async function brokerClusterScenario(
  infra: ResolvedInfra,
  run: string,
): Promise<{ lines: string[]; problems: string[] }> {
  const problems: string[] = [];
  const lines: string[] = [];
  await cluster('up');
  const stack = await startBenchStack(
    { ...infra, endpoints: { ...infra.endpoints, KAFKA_BROKERS: BROKERS } },
    `faults3_${run}`,
  );
  const admin = new Kafka({
    clientId: 'fault-suite',
    brokers: BROKERS.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const signedIn = await signIn(stack.urls.identity, 'admin', stack.adminPassword);
    const bearer = { authorization: `Bearer ${signedIn.token}` };
    const me = (await (await fetch(`${stack.gatewayUrl}/api/user`, { headers: bearer })).json()) as {
      id: string;
    };
    const write: Probe = {
      name: 'PATCH /api/users/{id}',
      url: `${stack.gatewayUrl}/api/users/${me.id}`,
      method: 'PATCH',
      headers: { ...bearer, 'content-type': 'application/json' },
    };
    const topic = `${stack.namespace}identity.user.v1`;
    const killed = await busiestLeader(admin, topic);
    const restarted = NODES.find((n) => n !== killed)!;
    const done: Promise<void>[] = [];
    const writes = await markedWrites({
      write,
      count: WRITES,
      brokers: BROKERS,
      topic,
      problems,
      at: (n) => {
        if (n === 200) {
          lines.push(`node ${killed} (leading most of the user topic) SIGKILLed at write ${n}`);
          process.kill(nodePid(killed), 'SIGKILL');
        }
        if (n === 500) {
          lines.push(`node ${killed} started again at write ${n}`);
          done.push(cluster('up'));
          return done[0];
        }
        if (n === 700) {
          lines.push(`node ${restarted} restarted (SIGTERM, then started) at write ${n}`);
          return (async () => {
            await Promise.all(done);
            const pid = nodePid(restarted);
            process.kill(pid, 'SIGTERM');
            await exited(pid);
            await cluster('up');
          })();
        }
        return undefined;
      },
    });
    const writesEnded = writes.endedAt;
    lines.push(
      `writes acknowledged ${writes.acknowledged} of ${WRITES} in ${(writes.writingMs / 1000).toFixed(1)} s`,
      `events on the topic ${writes.published.size}; lost ${writes.lost}; published more than once ${writes.repeated}; all there ${((Date.now() - writesEnded) / 1000).toFixed(1)} s after the last write`,
    );

    // Every consumer group reads to the end by itself: no service was restarted.
    const deadline = Date.now() + 120_000;
    let behind = new Map<string, number>();
    while (Date.now() < deadline) {
      behind = new Map([...(await consumerLag(admin, stack.namespace))].filter(([, lag]) => lag > 0));
      if (behind.size === 0) break;
      await sleep(1_000);
    }
    if (behind.size > 0) {
      problems.push(
        `consumer groups still behind 2 minutes after the writes: ${[...behind.keys()].join(', ')}`,
      );
    } else {
      lines.push(
        `every consumer group read to the end ${((Date.now() - writesEnded) / 1000).toFixed(1)} s after the last write, no service restarted`,
      );
    }
  } finally {
    await admin.disconnect();
    await stack.stop();
    await cluster('down');
  }
  return { lines, problems };
}
