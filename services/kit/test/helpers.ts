import type { Admin } from 'kafkajs';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds, failing with `what` if it never does. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * How many messages a topic holds, from the broker's own offsets: exact, no consumer involved.
 * A fresh broker under load may still be moving a new partition's leader ("not the leader for
 * that topic-partition"): such retriable answers are asked again, for a few seconds.
 */
export async function messageCount(admin: Admin, topic: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      const offsets = await admin.fetchTopicOffsets(topic);
      return offsets.reduce((sum, partition) => sum + Number(partition.high) - Number(partition.low), 0);
    } catch (err) {
      if (!(err as { retriable?: boolean }).retriable || attempt >= 20) throw err;
      await sleep(250);
    }
  }
}
