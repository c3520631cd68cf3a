import { Schema, type Connection, type Types } from 'mongoose';
import { outboxPlugin, type Keyed } from '@podz/kit';
import type { UserRef } from '@podz/proto';

/** Where one participant is in a conversation. */
export interface ParticipantState {
  unread: number;
  lastReadAt: Date | null;
}

/** A conversation as the store keeps it. */
export interface StoredConversation {
  _id: Types.ObjectId;
  participants: UserRef[];
  participantIds: string[];
  pairKey: string;
  /** Per participant id: unread count and last read time. */
  state: Record<string, ParticipantState>;
  lastMessage: { id: string; senderId: string; text: string; createdAt: Date } | null;
  lastMessageAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A conversation as use cases read it. */
export type ConversationRecord = Keyed<StoredConversation>;

/** Preview length kept on the conversation for the list; the message itself keeps the whole text. */
export const PREVIEW_LENGTH = 140;

const conversationSchema = new Schema(
  {
    participants: { type: [Schema.Types.Mixed], required: true },
    participantIds: { type: [String], required: true },
    /** The two participant ids, sorted and joined: one conversation per pair. */
    pairKey: { type: String, required: true, unique: true },
    state: { type: Schema.Types.Mixed, default: {} },
    lastMessage: { type: Schema.Types.Mixed, default: null },
    lastMessageAt: { type: Date, default: null },
    /**
     * Ids of messages delivered once only (broadcast parts, review notices), set in the same write
     * that records them: a retry after a crash sees the message already counted. One entry per such
     * message, never read by the API.
     */
    delivered: { type: Schema.Types.Mixed, select: false },
  },
  { timestamps: true, collection: 'conversations', minimize: false },
);
// Serves every lookup by participant too: FerretDB answers `participantIds: id` from the index on
// the leading field. A second index on `participantIds` alone would be one more to write on every
// message, since each message rewrites its conversation.
conversationSchema.index({ participantIds: 1, lastMessageAt: -1 });
conversationSchema.plugin(outboxPlugin);

export function conversationModel(db: Connection) {
  return db.model('Conversation', conversationSchema);
}

export type ConversationModel = ReturnType<typeof conversationModel>;

export const pairKeyOf = (a: string, b: string) => [a, b].sort().join(':');
