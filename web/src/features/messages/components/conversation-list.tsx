import { DEFAULT_PROFILE_PICTURE, DELETED_USER_NAME, type Conversation, type UserRef } from '@podz/proto';
import { Avatar } from '../../../components/ui/avatar';
import { formatMessageTime } from '../../../lib/format';

/** The person the member talks to; a conversation with oneself shows oneself. */
export function otherParticipant(conversation: Conversation, myId: string): UserRef {
  const [first] = conversation.participants;
  return (
    conversation.participants.find((person) => person.id !== myId) ??
    first ?? { id: myId, username: DELETED_USER_NAME, profilePicture: DEFAULT_PROFILE_PICTURE }
  );
}

export function ConversationList({
  conversations,
  myId,
  selectedId,
  onSelect,
}: {
  conversations: Conversation[];
  myId: string;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="divide-y divide-slate-200" aria-label="Conversations">
      {conversations.map((conversation) => {
        const other = otherParticipant(conversation, myId);
        const unread = conversation.unreadCount;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              onClick={() => onSelect(conversation.id)}
              aria-current={conversation.id === selectedId ? 'true' : undefined}
              className={`flex w-full items-center gap-3 px-3 py-3 text-left hover:bg-slate-50 ${
                conversation.id === selectedId ? 'bg-indigo-50' : ''
              }`}
            >
              <Avatar src={other.profilePicture} name="" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={`truncate ${unread ? 'font-bold' : 'font-medium'} text-slate-900`}>
                    {other.username}
                  </span>
                  <span className="shrink-0 text-xs text-slate-600">
                    {formatMessageTime(conversation.lastMessageAt)}
                  </span>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-slate-600">
                    {conversation.lastMessage?.text ?? 'No messages yet'}
                  </span>
                  {unread > 0 && (
                    <span
                      className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-bold text-white"
                      aria-label={`${unread} unread`}
                    >
                      {unread}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
