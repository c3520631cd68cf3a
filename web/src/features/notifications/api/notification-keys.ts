import type { Bell, Notification } from '@podz/proto';

// Apart from the hooks, like the message keys: the realtime bridge updates the bell through these.
export const notificationKeys = {
  bell: ['notifications'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** The bell after a push: the new notification on top (once), and the server's count. */
export function withPushed(
  bell: Bell | undefined,
  notification: Notification,
  unread: number,
): Bell | undefined {
  if (!bell) return bell;
  const items = [notification, ...bell.items.filter((item) => item.id !== notification.id)];
  return { items, unread };
}
