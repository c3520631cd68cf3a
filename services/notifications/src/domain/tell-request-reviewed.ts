import { notify } from './deliver';
import type { NotificationsDeps } from './notifications-deps';
import type { Heard } from './heard';

/** An access request was reviewed: the requester is told. */
export async function tellRequestReviewed(
  deps: NotificationsDeps,
  event: Heard<{ userId: string; role: string; note: string }>,
  approved: boolean,
): Promise<void> {
  const { userId, role, note } = event.data;
  await notify(deps, userId, {
    id: event.id,
    category: 'requests',
    title: `Your request for ${role} access was ${approved ? 'approved' : 'not approved'}`,
    body: note,
    href: '/requests/access',
  });
}
