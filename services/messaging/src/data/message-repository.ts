import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { inIdOrder, InsertBatcher, isDuplicateKey, newId, type InsertTarget } from '@podz/kit';
import { messageRecord, type MessageModel, type MessageRecord, type StoredMessage } from './message-model';

export type { MessageRecord };

/**
 * A message id derived from `cause`, stamped with `at`: the same cause always gives the same id.
 * The seconds, then the milliseconds, then a digest: messages are listed in id order, so two
 * derived in the same second keep the order of their times.
 */
export function derivedMessageId(cause: string, at: Date): string {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt32BE(Math.floor(at.getTime() / 1000));
  bytes.writeUInt16BE(at.getTime() % 1000, 4);
  createHash('sha256').update(cause).digest().copy(bytes, 6, 0, 6);
  return new Types.ObjectId(bytes).toHexString();
}

/** Messages in the store, paged newest first by id. */
export class MessageRepository {
  private readonly inserts: InsertBatcher<StoredMessage>;

  constructor(
    private readonly model: MessageModel,
    { writeWindowMs }: { writeWindowMs: number },
  ) {
    this.inserts = new InsertBatcher(model.collection as unknown as InsertTarget<StoredMessage>, {
      windowMs: writeWindowMs,
    });
  }

  /**
   * Stores a message the route already validated (proto's schema bounds the text), in one write
   * with the messages sent within the same few milliseconds. Through the driver: the record is
   * plain and complete, and a mongoose document per send (casting, validation, change tracking)
   * showed in the service's CPU profile under load.
   */
  async add(conversationId: string, senderId: string, text: string, id = newId()): Promise<MessageRecord> {
    const message: StoredMessage = {
      _id: new Types.ObjectId(id),
      conversationId: new Types.ObjectId(conversationId),
      senderId,
      text,
      createdAt: new Date(),
      pending: true,
    };
    await this.inserts.insert(message);
    return messageRecord(message);
  }

  /**
   * `add` for a message whose id is derived from what caused it (a broadcast part, a review): a
   * second try after a crash finds the first one's message and answers it instead of a copy.
   */
  async addOnce(conversationId: string, senderId: string, text: string, id: string) {
    try {
      return await this.add(conversationId, senderId, text, id);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const stored = await this.model.collection.findOne({ _id: new Types.ObjectId(id) });
      if (!stored) throw err;
      return messageRecord(stored as unknown as StoredMessage);
    }
  }

  /** The messages' conversations have recorded them: they may be listed from the store from now on. */
  async confirm(ids: string[]): Promise<void> {
    await this.model.collection.updateMany(
      { _id: { $in: ids.map((id) => new Types.ObjectId(id)) }, pending: true },
      { $unset: { pending: '' } },
    );
  }

  /** Undoes `add` when the conversation refused the message (the sender left it meanwhile). */
  async remove(id: string): Promise<void> {
    await this.model.deleteOne({ _id: new Types.ObjectId(id) });
  }

  /** These messages, in the order of the ids (one keyed read). */
  async findByIds(ids: string[]): Promise<MessageRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.model
      .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } })
      .lean<StoredMessage[]>();
    return inIdOrder(ids, rows.map(messageRecord));
  }

  /** Every message id of the conversation: only for rebuilding its list, never per request. */
  async idsIn(conversationId: string): Promise<string[]> {
    const rows = await this.model
      .find({ conversationId: new Types.ObjectId(conversationId), pending: { $ne: true } }, { _id: 1 })
      .lean<{ _id: Types.ObjectId }[]>();
    return rows.map((row) => row._id.toHexString());
  }

  /** A page sorted by the store, `limit` older than `before`: while Redis cannot answer. */
  async pageFromStore(
    conversationId: string,
    before: string | undefined,
    limit: number,
  ): Promise<{ items: MessageRecord[]; hasMore: boolean }> {
    const filter: Record<string, unknown> = {
      conversationId: new Types.ObjectId(conversationId),
      pending: { $ne: true },
    };
    if (before) filter._id = { $lt: new Types.ObjectId(before) };
    const rows = await this.model
      .find(filter)
      .sort({ _id: -1 })
      .limit(limit + 1)
      .lean<StoredMessage[]>();
    return { items: rows.slice(0, limit).map(messageRecord), hasMore: rows.length > limit };
  }

  async anonymize(userId: string, anonymousId: string): Promise<void> {
    await this.model.updateMany({ senderId: userId }, { $set: { senderId: anonymousId } });
  }
}
