import { DEFAULT_PROFILE_PICTURE, SOCKET_EVENTS, type RequestRole } from '@podz/proto';
import type { MessagingDeps } from './messaging-deps';
import { derivedMessageId } from '../data/message-repository';
import { deliverOnce } from './deliver-message';

const WHAT: Record<RequestRole, string> = { owner: 'become a podcaster', guest: 'be a guest' };
const NEXT: Record<RequestRole, string> = {
  owner: 'You can now add your PODZ from "Add your PODZ".',
  guest: 'Podcasters can now add you to their episodes.',
};

export function reviewNotice(role: RequestRole, approved: boolean, note: string): string {
  const verdict = approved
    ? `Your request to ${WHAT[role]} was approved. ${NEXT[role]}`
    : `Your request to ${WHAT[role]} was not approved this time. You can ask again from "Add your PODZ".`;
  return note ? `${verdict}\n\nNote from the reviewer: ${note}` : verdict;
}

/**
 * Tells a requester that their request was reviewed: at once in their open tabs, and in a message
 * from the admin who reviewed it. A requester who has been deleted meanwhile is not written to.
 */
export async function tellReviewed(
  deps: MessagingDeps,
  event: { id: string; time: string },
  data: { userId: string; role: RequestRole; reviewerId: string; note: string },
  approved: boolean,
): Promise<void> {
  // The requester's open tabs show the verdict at once (an approval's new access follows in
  // `session:changed`, once identity has applied it).
  deps.notifier.push(data.userId, SOCKET_EVENTS.requestReviewed, {
    role: data.role,
    status: approved ? 'approved' : 'rejected',
  });
  if (data.reviewerId === data.userId) return;
  const requester = await deps.users.find(data.userId);
  if (!requester) return;
  const reviewer = (await deps.users.find(data.reviewerId)) ?? {
    id: data.reviewerId,
    username: 'PODZ',
    profilePicture: DEFAULT_PROFILE_PICTURE,
  };
  const conversation = await deps.conversations.between(reviewer, requester);
  // Under an id from the event: a review handled again after a crash is told once.
  const messageId = derivedMessageId(`review:${event.id}`, new Date(event.time));
  await deliverOnce(deps, conversation, reviewer.id, reviewNotice(data.role, approved, data.note), messageId);
}
