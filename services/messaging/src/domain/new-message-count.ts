import { InboxRepository, type InboxRecord } from '../data/inbox-repository';
import type { MessagingDeps } from './messaging-deps';

/** How old the counts may get before they are rebuilt from the conversations, in the background. */
const REPAIR_AFTER_MS = 10 * 60_000;

/**
 * The number on a user's Messages badge: one read of their inbox by key. Every write keeps the
 * inbox beside the conversations, but the two are separate documents (no transactions), so a crash
 * between them could leave it off: an inbox never rebuilt (a user from before inboxes) is rebuilt
 * before answering, and one not rebuilt for a while is rebuilt after answering.
 */
export async function newMessageCountOf(deps: MessagingDeps, userId: string): Promise<number> {
  return countIn(deps, userId, await deps.inboxes.find(userId));
}

/** The count an inbox just read or written holds, with the same repairs as above. */
export async function countIn(deps: MessagingDeps, userId: string, inbox: InboxRecord | null | undefined) {
  if (!inbox?.checkedAt) return rebuildInbox(deps, userId);
  if (Date.now() - inbox.checkedAt.getTime() > REPAIR_AFTER_MS) {
    deps.background.once(`inbox ${userId}`, () => rebuildInbox(deps, userId));
  }
  return InboxRepository.total(inbox);
}

/** Counts again from the user's own conversations (bounded by them, not by the network). */
export async function rebuildInbox(deps: MessagingDeps, userId: string): Promise<number> {
  const unread = await deps.conversations.unreadByConversation(userId);
  await deps.inboxes.repair(userId, unread);
  return InboxRepository.total({ unread });
}
