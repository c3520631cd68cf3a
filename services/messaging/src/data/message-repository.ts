import { Types } from 'mongoose';
import type { MessageModel, MessageRecord } from './message-model';

export type { MessageRecord };

/** Messages in the store, paged newest first by id. */
export class MessageRepository {
  constructor(private readonly model: MessageModel) {}

  async add(conversationId: Types.ObjectId, senderId: string, text: string): Promise<MessageRecord> {
    const created = await this.model.create({ conversationId, senderId, text });
    return created.toObject() as MessageRecord;
  }

  /** Undoes `add` when the conversation refused the message (the sender left it meanwhile). */
  async remove(id: Types.ObjectId): Promise<void> {
    await this.model.deleteOne({ _id: id });
  }

  /** Up to `limit` messages older than `before`, newest first, and whether older ones remain. */
  async page(
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
