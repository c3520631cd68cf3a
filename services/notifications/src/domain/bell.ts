import { badRequest } from '@podz/kit';
import {
  BELL_CATEGORIES,
  NOTIFICATION_CATEGORIES,
  SOCKET_EVENTS,
  type Bell,
  type Preferences,
  type Unsubscribed,
  type UpdatePreferencesBody,
} from '@podz/proto';
import { unreadIn } from '../data/bells';
import type { Switches } from '../data/preferences';
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

const view = (switches: Switches): Preferences => ({
  bell: Object.fromEntries(BELL_CATEGORIES.map((category) => [category, switches.bell[category]])),
  email: switches.email,
});

export async function readPreferences(deps: NotificationsDeps, userId: string): Promise<Preferences> {
  return view(await deps.preferences.find(userId));
}

export async function updatePreferences(
  deps: NotificationsDeps,
  userId: string,
  body: UpdatePreferencesBody,
): Promise<Preferences> {
  return view(await deps.preferences.update(userId, body));
}

/** The link in a mail: turns that category's mail off for the member it was signed for. */
export async function unsubscribe(deps: NotificationsDeps, token: string | undefined): Promise<Unsubscribed> {
  const signed = token ? deps.unsubscribe.read(token) : undefined;
  if (!signed)
    throw badRequest('This unsubscribe link is not valid; change your mail settings under Settings');
  await deps.preferences.update(signed.userId, { email: { [signed.category]: false } });
  deps.logger.info({ userId: signed.userId, category: signed.category }, 'unsubscribed from a mail category');
  return { category: signed.category, label: NOTIFICATION_CATEGORIES[signed.category].label };
}
