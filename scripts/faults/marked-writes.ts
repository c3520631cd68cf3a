import { probe, type Probe } from './probe';
import { readTopic } from './topic-reader';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface MarkedWrites {
  acknowledged: number;
  /** How many times each acknowledged write's event is on the topic. */
  published: Map<string, number>;
  lost: number;
  repeated: number;
  writingMs: number;
  /** When the writes (and the faults they set off) ended. */
  endedAt: number;
}

/**
 * `count` profile writes from two writers, each with a marked bio, while `at(n)` sets off the
 * scenario's faults (what it returns is awaited before the topic is read); then reads `topic` until
 * every acknowledged write's event is there or two minutes pass. Problems are added to `problems`.
 */
export async function markedWrites(options: {
  write: Probe;
  count: number;
  brokers: string;
  topic: string;
  problems: string[];
  at: (n: number) => Promise<void> | undefined;
}): Promise<MarkedWrites> {
  const { write, count, brokers, topic, problems } = options;
  const marker = `fault ${Date.now().toString(36)}`;
  const faults: Promise<void>[] = [];
  let acknowledged = 0;
  let next = 0;
  // A platform that stopped taking writes fails the scenario in seconds, not in 1,000 timeouts.
  const writer = async () => {
    while (next < count && problems.length < 20) {
      const n = next++;
      const fault = options.at(n);
      if (fault) faults.push(fault);
      const result = await probe({ ...write, body: () => JSON.stringify({ bio: `${marker} ${n}` }) });
      if (result.status === 200) acknowledged++;
      else problems.push(`write ${n}: ${result.problem ?? result.outcome}`);
      // Spread over the faults: 1,000 writes in half a minute to a minute here.
      await sleep(20);
    }
  };
  const started = Date.now();
  await Promise.all([writer(), writer(), writer(), writer()]);
  await Promise.all(faults);
  const endedAt = Date.now();
  const published = new Map<string, number>();
  await readTopic(
    brokers,
    topic,
    (envelope) => {
      const bio = envelope.data.bio;
      if (typeof bio === 'string' && bio.startsWith(marker))
        published.set(bio, (published.get(bio) ?? 0) + 1);
    },
    () => published.size >= acknowledged,
    120_000,
  );
  const lost = acknowledged - published.size;
  if (acknowledged < count) problems.unshift(`${count - acknowledged} writes were not acknowledged`);
  if (lost > 0) problems.unshift(`${lost} acknowledged writes have no event on the topic`);
  return {
    acknowledged,
    published,
    lost,
    repeated: [...published.values()].filter((copies) => copies > 1).length,
    writingMs: endedAt - started,
    endedAt,
  };
}
