import { newId } from '@podz/kit';
import { DEFAULT_PROFILE_PICTURE, DELETED_USER_NAME } from '@podz/proto';
import type { MessagingDeps } from './messaging-deps';

/**
 * A deleted member's side of every conversation is anonymized: the other participant keeps the
 * messages, from "Deleted user". Their lists, inbox and directory entry go.
 */
export async function forgetMember(deps: MessagingDeps, userId: string): Promise<void> {
  const anonymous = { id: newId(), username: DELETED_USER_NAME, profilePicture: DEFAULT_PROFILE_PICTURE };
  await deps.messages.anonymize(userId, anonymous.id);
  await deps.conversations.anonymize(userId, anonymous);
  await deps.activity.forget(userId);
  await deps.inboxes.remove(userId);
  await deps.users.remove(userId);
}
