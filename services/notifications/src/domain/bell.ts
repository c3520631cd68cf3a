import { SOCKET_EVENTS, type Bell } from '@podz/proto';
import { unreadIn } from '../data/bells';
import { notificationView } from './deliver';
import type { NotificationsDeps } from './notifications-deps';

export async function readBell(deps: NotificationsDeps, userId: string): Promise<Bell> {
  const bell = await deps.bells.find(userId);
  return { items: (bell?.items ?? []).map(notificationView), unread: unreadIn(bell) };
}

/** Marks notifications read (all without ids); the member's other tabs get the new count. */
export async function markRead(deps: NotificationsDeps, userId: string, ids?: string[]): Promise<Bell> {
  const changed = await deps.bells.markRead(userId, ids);
  if (changed) deps.push(userId, SOCKET_EVENTS.notificationCount, { unread: unreadIn(changed) });
  return readBell(deps, userId);
}
