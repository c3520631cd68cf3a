import {
  DEFAULT_PROFILE_PICTURE,
  DELETED_USER_NAME,
  type Conversation,
  type Message,
  type UserRef,
} from '@podz/proto';
import { stateOf, type ConversationRecord } from '../data/conversation-repository';
import type { MessageRecord } from '../data/message-repository';

const iso = (date: Date | string | null | undefined) => (date ? new Date(date).toISOString() : null);

/** A conversation as `viewerId` sees it: their own unread count and last read time. */
export function conversationView(record: ConversationRecord, viewerId: string): Conversation {
  const id = record._id.toHexString();
  const state = stateOf(record, viewerId);
  return {
    _id: id,
    id,
    participants: record.participants,
    lastMessage: record.lastMessage
      ? { ...record.lastMessage, createdAt: iso(record.lastMessage.createdAt)! }
      : null,
    lastMessageAt: iso(record.lastMessageAt),
    unreadCount: state.unread,
    lastReadAt: iso(state.lastReadAt),
    createdAt: iso(record.createdAt)!,
    updatedAt: iso(record.updatedAt)!,
  };
}

/** A message, its sender named from the conversation's participants. */
export function messageView(record: MessageRecord, participants: UserRef[]): Message {
  const sender = participants.find((participant) => participant.id === record.senderId) ?? {
    id: record.senderId,
    username: DELETED_USER_NAME,
    profilePicture: DEFAULT_PROFILE_PICTURE,
  };
  return {
    id: record._id.toHexString(),
    conversationId: record.conversationId.toHexString(),
    sender,
    text: record.text,
    createdAt: iso(record.createdAt)!,
  };
}
