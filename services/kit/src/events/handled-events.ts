import type { Connection } from 'mongoose';
import type { Collection } from 'mongodb';
import { isDuplicateKey } from '../mongo/connect-mongo';

interface HandledEvent {
  _id: string;
  type: string;
  handledAt: Date;
}

/**
 * The ids of events a consumer group has already handled. `_id` is unique, so recording the same
 * event twice is refused by the store itself, whichever instance tries.
 */
export class HandledEvents {
  private readonly collection: Collection<HandledEvent>;

  constructor(connection: Connection) {
    this.collection = connection.collection<HandledEvent>('handled_events');
  }

  private key(group: string, eventId: string): string {
    return `${group}:${eventId}`;
  }

  async has(group: string, eventId: string): Promise<boolean> {
    return (await this.collection.countDocuments({ _id: this.key(group, eventId) }, { limit: 1 })) > 0;
  }

  async record(group: string, eventId: string, type: string): Promise<void> {
    try {
      await this.collection.insertOne({ _id: this.key(group, eventId), type, handledAt: new Date() });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }
}
