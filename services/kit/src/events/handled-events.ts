import type { Connection } from 'mongoose';
import type { Collection } from 'mongodb';
import type { EventEnvelope } from '@podz/proto';
import { onlyDuplicateKeys } from '../mongo/connect-mongo';

interface HandledEvent {
  _id: string;
  type: string;
  handledAt: Date;
}

/**
 * The ids of events a consumer group has already handled. `_id` is unique, so recording the same
 * event twice is refused by the store itself, whichever instance tries. Asked and written a fetched
 * batch at a time: one keyed read and one insert per batch rather than two statements per event.
 */
export class HandledEvents {
  private readonly collection: Collection<HandledEvent>;

  constructor(connection: Connection) {
    this.collection = connection.collection<HandledEvent>('handled_events');
  }

  private key(group: string, eventId: string): string {
    return `${group}:${eventId}`;
  }

  /** Which of these events the group has handled already. */
  async seen(group: string, eventIds: string[]): Promise<Set<string>> {
    if (eventIds.length === 0) return new Set();
    const prefix = this.key(group, '');
    const found = await this.collection
      .find({ _id: { $in: eventIds.map((id) => this.key(group, id)) } }, { projection: { _id: 1 } })
      .toArray();
    return new Set(found.map((doc) => doc._id.slice(prefix.length)));
  }

  async record(group: string, events: EventEnvelope[]): Promise<void> {
    if (events.length === 0) return;
    const handledAt = new Date();
    try {
      await this.collection.insertMany(
        events.map((event) => ({ _id: this.key(group, event.id), type: event.type, handledAt })),
        { ordered: false },
      );
    } catch (err) {
      // Another instance (or a redelivery) recorded some of them first: those are refused alone.
      if (!onlyDuplicateKeys(err)) throw err;
    }
  }
}
