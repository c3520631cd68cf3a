import { Types } from 'mongoose';
import { findInIdOrder } from '@podz/kit';
import type { MessageModel, MessageRecord } from './message-model';

export type { MessageRecord };

/** Messages in the store, paged newest first by id. */
export class MessageRepository {
  constructor(private readonly model: MessageModel) {}

  /**
   * Stores a message the route already validated (proto's schema bounds the text). Through the
   * driver: the record is plain and complete, and a mongoose document per send (casting,
   * validation, change tracking) showed in the service's CPU profile under load.
   */
  async add(
    conversationId: Types.ObjectId,
    senderId: string,
    text: string,
    _id = new Types.ObjectId(),
  ): Promise<MessageRecord> {
    const message: MessageRecord = {
      _id,
      conversationId,
      senderId,
      text,
      createdAt: new Date(),
    };
    await this.model.collection.insertOne(message);
    return message;
  }

  async exists(id: Types.ObjectId): Promise<boolean> {
    return (await this.model.findOne({ _id: id }, { _id: 1 }).lean()) !== null;
  }

  /** Undoes `add` when the conversation refused the message (the sender left it meanwhile). */
  async remove(id: Types.ObjectId): Promise<void> {
    await this.model.deleteOne({ _id: id });
  }

  /** These messages, in the order of the ids (one keyed read). */
  findByIds(ids: string[]): Promise<MessageRecord[]> {
    return findInIdOrder<MessageRecord>(this.model, ids);
  }

  /** Every message id of the conversation: only for rebuilding its list, never per request. */
  async idsIn(conversationId: string): Promise<string[]> {
    const rows = await this.model
      .find({ conversationId: new Types.ObjectId(conversationId) }, { _id: 1 })
      .lean<{ _id: Types.ObjectId }[]>();
    return rows.map((row) => row._id.toHexString());
  }

  /** A page sorted by the store, `limit` older than `before`: while Redis cannot answer. */
  async pageFromStore(
    conversationId: string,
    before: string | undefined,
    limit: number,
  ): Promise<{ items: MessageRecord[]; hasMore: boolean }> {
    const filter: Record<string, unknown> = { conversationId: new Types.ObjectId(conversationId) };
    if (before) filter._id = { $lt: new Types.ObjectId(before) };
    const rows = await this.model
      .find(filter)
      .sort({ _id: -1 })
      .limit(limit + 1)
      .lean<MessageRecord[]>();
    return { items: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  async anonymize(userId: string, anonymousId: string): Promise<void> {
    await this.model.updateMany({ senderId: userId }, { $set: { senderId: anonymousId } });
  }
}
