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

/** A conversation as `viewerId` sees it: their own unread count and last read time. */
export function conversationView(record: ConversationRecord, viewerId: string): Conversation {
  const id = record._id.toHexString();
  const state = stateOf(record, viewerId);
  return {
    _id: id,
    id,
    participants: record.participants,
    lastMessage: record.lastMessage
      ? { ...record.lastMessage, createdAt: isoOrNull(record.lastMessage.createdAt)! }
      : null,
    lastMessageAt: isoOrNull(record.lastMessageAt),
    unreadCount: state.unread,
    lastReadAt: isoOrNull(state.lastReadAt),
    createdAt: isoOrNull(record.createdAt)!,
    updatedAt: isoOrNull(record.updatedAt)!,
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
    createdAt: isoOrNull(record.createdAt)!,
  };
}
