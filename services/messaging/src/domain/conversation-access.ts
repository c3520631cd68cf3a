import { notFound, type AuthUser } from '@podz/kit';
import type { MessagingDeps } from './messaging-deps';

export async function participantOnly(deps: MessagingDeps, user: AuthUser, id: string) {
  const conversation = await deps.conversations.findFor(id, user.id);
  // Not "forbidden": to anyone outside it, the conversation does not exist.
  if (!conversation) throw notFound('Conversation');
  return conversation;
}
