import { Schema, type Connection } from 'mongoose';
import { isDuplicateKey } from '@podz/kit';

/** A conversation with something unread for a member, keyed `<conversationId>:<userId>`. */
export interface ReminderRecord {
  _id: string;
  userId: string;
  conversationId: string;
  senderId: string;
  mailed: boolean;
}

const reminderSchema = new Schema(
  { _id: String, userId: String, conversationId: String, senderId: String, mailed: Boolean },
  { collection: 'message_reminders', versionKey: false },
);

export const reminderKey = (conversationId: string, userId: string) => `${conversationId}:${userId}`;

/**
 * Which conversations wait to be read by whom. The first unread message makes the record; later
 * ones find it there (one mail per conversation until it is read); reading removes it.
 */
export class MessageReminders {
  private readonly model;

  constructor(db: Connection) {
    this.model = db.model('MessageReminder', reminderSchema);
  }

  /**
   * The conversation has something unread for the member: keeps the first such message's sender
   * (a later message finds the record there). Answers whether the member was mailed about it already.
   */
  async waiting(conversationId: string, userId: string, senderId: string): Promise<{ mailed: boolean }> {
    const key = reminderKey(conversationId, userId);
    try {
      await this.model.collection.insertOne({
        _id: key as never,
        userId,
        conversationId,
        senderId,
        mailed: false,
      });
      return { mailed: false };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return { mailed: Boolean((await this.find(key))?.mailed) };
    }
  }

  async find(key: string): Promise<ReminderRecord | null> {
    return (await this.model.findById(key).lean()) as ReminderRecord | null;
  }

  async markMailed(key: string): Promise<void> {
    await this.model.updateOne({ _id: key }, { $set: { mailed: true } });
  }

  /** A deleted member's reminders (off the request path: one filter over the collection, once). */
  async removeFor(userId: string): Promise<void> {
    await this.model.deleteMany({ userId });
  }

  async read(conversationId: string, userId: string): Promise<void> {
    await this.model.deleteOne({ _id: reminderKey(conversationId, userId) });
  }
}
