import { type AuthUser } from '@podz/kit';
import { paginated } from '@podz/proto';
import { conversationsPage } from './activity-pages';
import type { MessagingDeps } from './messaging-deps';
import { newMessageCountOf } from './new-message-count';
import { conversationView } from './views';

/** `GET /api/conversations`: the caller's, newest activity first, each with the caller's unread count. */
export async function listConversations(
  deps: MessagingDeps,
  user: AuthUser,
  query: { page: number; limit: number },
) {
  const { items, total } = await conversationsPage(deps, user.id, query.page, query.limit);
  return paginated(
    items.map((record) => conversationView(record, user.id)),
    total,
    query.page,
    query.limit,
  );
}

export async function newMessageCount(deps: MessagingDeps, user: AuthUser) {
  return { count: await newMessageCountOf(deps, user.id) };
}
