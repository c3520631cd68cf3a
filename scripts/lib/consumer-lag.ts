import type { Admin } from 'kafkajs';

/**
 * How many messages each consumer group of a namespace has still to read, summed over its topics'
 * partitions (a partition the group never committed counts from its start).
 */
export async function consumerLag(admin: Admin, namespace: string): Promise<Map<string, number>> {
  const groups = (await admin.listGroups()).groups
    .map((group) => group.groupId)
    .filter((id) => id.startsWith(namespace));
  const lag = new Map<string, number>();
  for (const groupId of groups) {
    let behind = 0;
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId })) {
      for (const end of await admin.fetchTopicOffsets(topic)) {
        const at = partitions.find((p) => p.partition === end.partition)?.offset ?? '-1';
        behind += Number(end.high) - Math.max(0, Number(at));
      }
    }
    lag.set(groupId, behind);
  }
  return lag;
}
