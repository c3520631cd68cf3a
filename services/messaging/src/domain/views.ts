import { idTime, isoOrNull } from '@podz/kit';
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
const isoAt = (date: Date | string | null | undefined, id: string) =>
  isoOrNull(date) ?? idTime(id).toISOString();

/** A conversation as `viewerId` sees it: their own unread count and last read time. */
export function conversationView(record: ConversationRecord, viewerId: string): Conversation {
  const id = record.id;
  const state = stateOf(record, viewerId);
  return {
    _id: id,
    id,
    participants: record.participants,
    lastMessage: record.lastMessage
      ? { ...record.lastMessage, createdAt: isoAt(record.lastMessage.createdAt, record.id) }
      : null,
    lastMessageAt: isoOrNull(record.lastMessageAt),
    unreadCount: state.unread,
    lastReadAt: isoOrNull(state.lastReadAt),
    createdAt: isoAt(record.createdAt, record.id),
    updatedAt: isoAt(record.updatedAt ?? record.createdAt, record.id),
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
    id: record.id,
    conversationId: record.conversationId,
    sender,
    text: record.text,
    createdAt: isoAt(record.createdAt, record.id),
  };
}
