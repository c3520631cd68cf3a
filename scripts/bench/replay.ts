import type { Admin } from 'kafkajs';
import { createKafka, type Logger } from '../../services/kit/src';
import type { ResolvedInfra } from '../../deploy/local/src/resolve-infra';
import { atLeast, type Figure } from './bench-kit';
import type { BenchStack } from './bench-stack';
import { readFloor } from './kafka-floor';

const seconds = (since: number) => (performance.now() - since) / 1000;
/** The key of the history read floor, which the catch-ups are ratios to. */
export const HISTORY_READ_FLOOR = 'history read floor';
/** A new projection applies the history at least this share of the rate a bare consumer reads it. */
const REPLAY_VERSUS_READ_FLOOR = 0.1;

/** How many events a group has read past the start of its topics, and how many it has still to read. */
async function progress(
  admin: Admin,
  groupId: string,
  topics: string[],
): Promise<{ read: number; behind: number }> {
  let read = 0;
  let behind = 0;
  for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
    for (const end of await admin.fetchTopicOffsets(topic)) {
      const at = Number(partitions.find((p) => p.partition === end.partition)?.offset ?? '-1');
      const from = Math.max(at, Number(end.low));
      read += from - Number(end.low);
      behind += Number(end.high) - from;
    }
  }
  return { read, behind };
}

/**
 * A new projection catching up with the network's history: analytics restarted with the next
 * `ANALYTICS_GENERATION` is a new consumer group that reads every topic it counts from the start
 * (the seed's users, shows, episodes and messages), as a rebuilt read model or a new service
 * would. Counted from when the process answers ready until the group has read to the end; the
 * group applies each batch as it does in production (a Lua script per event, kit's batches).
 */
export async function replayBench(
  stack: BenchStack,
  infra: ResolvedInfra,
  logger: Logger,
): Promise<Figure[]> {
  const kafka = createKafka('bench-replay', infra.endpoints.KAFKA_BROKERS.split(','), logger);
  const admin = kafka.admin();
  await admin.connect();
  try {
    const groupId = `${stack.namespace}analytics-g2`;
    // The topics the running generation reads, named so that one the new group has not yet
    // committed on counts as unread.
    const topics = (await admin.fetchOffsets({ groupId: `${stack.namespace}analytics-g1` })).map(
      ({ topic }) => topic,
    );
    if (topics.length === 0) throw new Error('replay: analytics has read no topic yet');
    const restarted = performance.now();
    await stack.resume('analytics', { ANALYTICS_GENERATION: '2' });
    const ready = performance.now();
    const deadline = Date.now() + 10 * 60_000;
    let last = await progress(admin, groupId, topics);
    while (last.read === 0 || last.behind > 0) {
      if (Date.now() > deadline)
        throw new Error(`replay: ${last.behind} events still unread after 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      last = await progress(admin, groupId, topics);
    }
    const took = seconds(ready);
    const floor = await readFloor(infra.endpoints.KAFKA_BROKERS.split(','), topics, logger);
    // The replaced generation's group has no member left and would lag for ever: removed, as an
    // operator does once the new counts are read (later stages wait for every group to catch up).
    await admin.deleteGroups([`${stack.namespace}analytics-g1`]);
    return [
      { name: `replay: a new analytics group reads ${last.read} events, from ready`, value: took, unit: 's' },
      { name: 'replay: the same with the restart', value: seconds(restarted), unit: 's' },
      {
        name: 'replay: events applied per second by the new group',
        value: last.read / took,
        unit: 'events/s',
        versus: HISTORY_READ_FLOOR,
        goal: atLeast(REPLAY_VERSUS_READ_FLOOR),
      },
      {
        name: 'floor: a bare consumer reading the same history, decoding each event',
        value: floor.perSecond,
        unit: 'events/s',
        key: HISTORY_READ_FLOOR,
      },
    ];
  } finally {
    await admin.disconnect();
  }
}
