import { isoOrNull } from '@podz/kit';
import {
  DEFAULT_PROFILE_PICTURE,
  DELETED_USER_NAME,
  type Conversation,
  type Message,
  type UserRef,
} from '@podz/proto';
import { stateOf, type ConversationRecord } from '../data/conversation-repository';
import type { MessageRecord } from '../data/message-repository';

/** A stored time, or for a document written without one, when its id was made. */
const isoAt = (date: Date | string | null | undefined, id: { getTimestamp(): Date }) =>
  isoOrNull(date) ?? id.getTimestamp().toISOString();

/** A conversation as `viewerId` sees it: their own unread count and last read time. */
export function conversationView(record: ConversationRecord, viewerId: string): Conversation {
  const id = record._id.toHexString();
  const state = stateOf(record, viewerId);
  return {
    _id: id,
    id,
    participants: record.participants,
    lastMessage: record.lastMessage
      ? { ...record.lastMessage, createdAt: isoAt(record.lastMessage.createdAt, record._id) }
      : null,
    lastMessageAt: isoOrNull(record.lastMessageAt),
    unreadCount: state.unread,
    lastReadAt: isoOrNull(state.lastReadAt),
    createdAt: isoAt(record.createdAt, record._id),
    updatedAt: isoAt(record.updatedAt ?? record.createdAt, record._id),
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
    createdAt: isoAt(record.createdAt, record._id),
  };
}
