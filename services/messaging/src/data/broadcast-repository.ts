import { Schema, Types, type Connection } from 'mongoose';
import {
  keyedOrNull,
  newWithEvents,
  outboxPlugin,
  pendingEvent,
  type Keyed,
  type OutboxRelay,
} from '@podz/kit';
import { BROADCAST_PART_SIZE, broadcastPart, type UserRef } from '@podz/proto';
import { derivedMessageId } from './message-repository';

/**
 * An admin's message to many users, queued: the text is kept here, and the recipients leave in
 * parts of at most BROADCAST_PART_SIZE on `messaging.broadcast.v1`, so the request that queues it
 * costs the same for 5 users or 50,000, and delivery runs at the consumers' pace.
 */
interface StoredBroadcast {
  _id: Types.ObjectId;
  sender: UserRef;
  text: string;
  recipients: number;
  createdAt: Date;
}

/** A broadcast as use cases read it. */
export type BroadcastRecord = Keyed<StoredBroadcast>;

const broadcastSchema = new Schema(
  {
    sender: { type: Schema.Types.Mixed, required: true },
    text: { type: String, required: true },
    recipients: { type: Number, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'broadcasts', versionKey: false },
);
broadcastSchema.plugin(outboxPlugin);

export function broadcastModel(db: Connection) {
  return db.model('Broadcast', broadcastSchema);
}

export type BroadcastModel = ReturnType<typeof broadcastModel>;

/**
 * The id of the broadcast's message to one recipient: the broadcast's time, then a digest of the
 * two ids. A part delivered twice (a retry after a crash) finds its messages already there.
 */
export const broadcastMessageId = (broadcast: BroadcastRecord, recipientId: string): string =>
  derivedMessageId(`${broadcast.id}:${recipientId}`, broadcast.createdAt);

export class BroadcastRepository {
  constructor(
    private readonly model: BroadcastModel,
    private readonly relay: OutboxRelay,
  ) {}

  /** The broadcast and the events of all its parts, in one write. */
  async queue(sender: UserRef, text: string, recipientIds: string[]): Promise<string> {
    const _id = new Types.ObjectId();
    const id = _id.toHexString();
    const parts = Math.ceil(recipientIds.length / BROADCAST_PART_SIZE);
    const events = Array.from({ length: parts }, (_, index) =>
      pendingEvent(broadcastPart, id, {
        broadcastId: id,
        senderId: sender.id,
        recipientIds: recipientIds.slice(index * BROADCAST_PART_SIZE, (index + 1) * BROADCAST_PART_SIZE),
        part: index + 1,
        parts,
      }),
    );
    await this.model.create(newWithEvents({ _id, sender, text, recipients: recipientIds.length }, events));
    this.relay.kick(this.model);
    return id;
  }

  findById(id: string): Promise<BroadcastRecord | null> {
    return this.model.findById(new Types.ObjectId(id)).lean<StoredBroadcast>().then(keyedOrNull);
  }
}
