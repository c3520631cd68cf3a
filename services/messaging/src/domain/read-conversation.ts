import { type AuthUser } from '@podz/kit';
import { messagesPage } from './activity-pages';
import type { MessagingDeps } from './messaging-deps';
import { conversationView, messageView } from './views';
import { participantOnly } from './conversation-access';

export async function getConversation(deps: MessagingDeps, user: AuthUser, id: string) {
  return conversationView(await participantOnly(deps, user, id), user.id);
}

/** `GET /api/conversations/{id}/messages?before&limit`: newest first, older pages by `before`. */
export async function conversationMessages(
  deps: MessagingDeps,
  user: AuthUser,
  id: string,
  query: { before?: string; limit: number },
) {
  const conversation = await participantOnly(deps, user, id);
  const { items, hasMore } = await messagesPage(deps, id, query.before, query.limit);
  return { items: items.map((message) => messageView(message, conversation.participants)), hasMore };
}
