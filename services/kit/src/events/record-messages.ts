/**
 * How records travel on a record stream: one Kafka message carries the records of one key from one
 * batch, as a JSON array in the order they were pushed. A podcast app fetches a file in many ranged
 * requests, so a batch holds runs of one listener's records; one message for the run instead of
 * one per record is most of what the producer, the broker and the consumer spend per record.
 * A message holding a single JSON object (how records were sent before) is one record.
 */

/** Records per message at most: 500 listen records are about 300 kB, under Kafka's 1 MB default. */
const MAX_PER_MESSAGE = 500;

export function packRecords<T>(records: T[], keyOf: (record: T) => string): { key: string; value: string }[] {
  const byKey = new Map<string, T[]>();
  for (const record of records) {
    const key = keyOf(record);
    const run = byKey.get(key);
    if (run) run.push(record);
    else byKey.set(key, [record]);
  }
  const messages: { key: string; value: string }[] = [];
  for (const [key, run] of byKey)
    for (let from = 0; from < run.length; from += MAX_PER_MESSAGE)
      messages.push({ key, value: JSON.stringify(run.slice(from, from + MAX_PER_MESSAGE)) });
  return messages;
}

/** The records a message carries, not yet checked against their schema; throws if it is not JSON. */
export function recordsOfMessage(value: Buffer | string | null): unknown[] {
  const json: unknown = JSON.parse(value?.toString() ?? '');
  return Array.isArray(json) ? json : [json];
}
