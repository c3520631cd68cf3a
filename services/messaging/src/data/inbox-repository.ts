import { Schema, type Connection } from 'mongoose';

/**
 * One document per user, keyed by their id: how many new messages each of their conversations
 * holds for them. The Messages badge is then one read by key, whatever the number of conversations
 * or users. Only conversations with something unread are listed, so the document stays small.
 */
export interface InboxRecord {
  _id: string;
  unread: Record<string, number>;
  /** When the counts were last rebuilt from the conversations themselves (see `repair`). */
  checkedAt?: Date;
}

const inboxSchema = new Schema(
  { _id: String, unread: { type: Schema.Types.Mixed, default: {} }, checkedAt: Date },
  { collection: 'inboxes', minimize: false, versionKey: false },
);

export function inboxModel(db: Connection) {
  return db.model('Inbox', inboxSchema);
}

type InboxModel = ReturnType<typeof inboxModel>;

// A prefix keeps a key made of digits only from ever reading as an array index.
const entry = (conversationId: string) => `unread.c${conversationId}`;

export class InboxRepository {
  constructor(private readonly model: InboxModel) {}

  /** The user's inbox, or null when none was kept yet (a user from before inboxes, or a new one). */
  find(userId: string): Promise<InboxRecord | null> {
    return this.model.findById(userId).lean<InboxRecord>();
  }

  static total(inbox: Pick<InboxRecord, 'unread'>): number {
    return Object.values(inbox.unread ?? {}).reduce((sum, n) => sum + Math.max(0, n), 0);
  }

  /**
   * One more unread message in the conversation for each recipient; answers each recipient's inbox
   * as it is now (one statement each, so the badge needs no second read).
   */
  async received(recipientIds: string[], conversationId: string): Promise<Map<string, InboxRecord>> {
    const inboxes = await Promise.all(
      recipientIds.map((id) =>
        this.model
          .findOneAndUpdate(
            { _id: id },
            { $inc: { [entry(conversationId)]: 1 } },
            { upsert: true, new: true },
          )
          .lean<InboxRecord>(),
      ),
    );
    return new Map(inboxes.flatMap((inbox) => (inbox ? [[inbox._id, inbox] as const] : [])));
  }

  /** The user has read the conversation; answers their inbox as it is now (null if they have none). */
  read(userId: string, conversationId: string): Promise<InboxRecord | null> {
    return this.model
      .findOneAndUpdate({ _id: userId }, { $unset: { [entry(conversationId)]: '' } }, { new: true })
      .lean<InboxRecord>();
  }

  /** Replaces the counts with ones rebuilt from the conversations. */
  async repair(userId: string, unreadByConversation: Record<string, number>): Promise<void> {
    const unread = Object.fromEntries(
      Object.entries(unreadByConversation)
        .filter(([, n]) => n > 0)
        .map(([id, n]) => [`c${id}`, n]),
    );
    await this.model.updateOne(
      { _id: userId },
      { $set: { unread, checkedAt: new Date() } },
      { upsert: true },
    );
  }

  async remove(userId: string): Promise<void> {
    await this.model.deleteOne({ _id: userId });
  }
}
