import { Schema, type Connection, type Types } from 'mongoose';

/** A message as the store keeps it. */
export interface StoredMessage {
  _id: Types.ObjectId;
  conversationId: Types.ObjectId;
  senderId: string;
  text: string;
  createdAt: Date;
  /**
   * Set when stored, cleared once its conversation recorded it (from the message-sent event): a
   * message stored by a process killed before the record stays pending, and is never listed.
   */
  pending?: true;
}

/** A message as use cases read it. */
export interface MessageRecord {
  id: string;
  conversationId: string;
  senderId: string;
  text: string;
  createdAt: Date;
  pending?: true;
}

export const messageRecord = ({ _id, conversationId, ...fields }: StoredMessage): MessageRecord => ({
  ...fields,
  id: _id.toHexString(),
  conversationId: conversationId.toHexString(),
});

// Messages live apart from their conversation, paged by id: ids grow with time, ties included.
const messageSchema = new Schema(
  {
    conversationId: { type: Schema.Types.ObjectId, required: true },
    senderId: { type: String, required: true, index: true },
    text: { type: String, required: true },
    pending: { type: Boolean },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'messages', versionKey: false },
);
messageSchema.index({ conversationId: 1, _id: -1 });

export function messageModel(db: Connection) {
  return db.model('Message', messageSchema);
}

export type MessageModel = ReturnType<typeof messageModel>;
