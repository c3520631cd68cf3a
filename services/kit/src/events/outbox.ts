import { randomUUID } from 'node:crypto';
import { Schema, type UpdateQuery } from 'mongoose';
import { createEvent, type EventData, type EventDefinition, type EventEnvelope } from '@podz/proto';
import type { PendingEvent } from './event-producer';

/** How an event waits inside its aggregate document until the relay has published it. */
export type OutboxEntry = EventEnvelope & { topic: string };

type Transform = (doc: unknown, ret: Record<string, unknown>, opts: unknown) => unknown;

export const OUTBOX_FIELDS = [
  'outbox',
  'outboxPending',
  'outboxOwner',
  'outboxAt',
  'outboxLeaseUntil',
  'outboxLeaseToken',
] as const;

/**
 * This process, as the owner of the events it records: its own relay publishes them without
 * claiming them first (see OutboxRelay).
 */
export const THIS_PROCESS = randomUUID();

/** Who recorded the events and when: the fields set beside every write of events. */
function recordedBy(): { outboxPending: true; outboxOwner: string; outboxAt: Date } {
  return { outboxPending: true, outboxOwner: THIS_PROCESS, outboxAt: new Date() };
}

function toEntry({ topic, envelope }: PendingEvent): OutboxEntry {
  return { ...envelope, topic };
}

/**
 * Adds the embedded outbox to an aggregate's schema (ARCHITECTURE §4). The fields are never
 * selected by ordinary queries and never serialised, so pending events cannot leak into answers.
 */
export function outboxPlugin(schema: Schema): void {
  schema.add({
    outbox: { type: [Schema.Types.Mixed], select: false, default: undefined },
    outboxPending: { type: Boolean, select: false, index: true },
    // The process whose write recorded the latest events, and when.
    outboxOwner: { type: String, select: false },
    outboxAt: { type: Date, select: false },
    outboxLeaseUntil: { type: Date, select: false },
    // Which relay run holds the lease, so it can tell its documents apart from another's.
    outboxLeaseToken: { type: String, select: false },
  });
  for (const option of ['toJSON', 'toObject'] as const) {
    const previous = (schema.get(option) ?? {}) as { transform?: unknown };
    const previousTransform =
      typeof previous.transform === 'function' ? (previous.transform as Transform) : undefined;
    const transform: Transform = (doc, ret, opts) => {
      for (const field of OUTBOX_FIELDS) delete ret[field];
      return previousTransform ? previousTransform(doc, ret, opts) : ret;
    };
    schema.set(option, { ...previous, transform } as never);
  }
}

/**
 * An update that changes state and records its events in the same atomic write, so there is never
 * a state change without its events nor an event without its state change.
 */
export function withEvents<U extends UpdateQuery<unknown>>(update: U, events: readonly PendingEvent[]): U {
  if (events.length === 0) return update;
  const record = update as Record<string, Record<string, unknown> | undefined>;
  return {
    ...update,
    $set: { ...record.$set, ...recordedBy() },
    $push: { ...record.$push, outbox: { $each: events.map(toEntry) } },
  } as U;
}

/** The fields of a new aggregate together with its first events. */
export function newWithEvents<T extends object>(fields: T, events: readonly PendingEvent[]) {
  return events.length === 0 ? fields : { ...fields, outbox: events.map(toEntry), ...recordedBy() };
}

/** One event for the outbox, validated against its proto definition now rather than at publish time. */
export function pendingEvent<D extends EventDefinition>(
  definition: D,
  subject: string,
  data: EventData<D>,
): PendingEvent {
  return { topic: definition.topic, envelope: createEvent(definition, subject, data) };
}
