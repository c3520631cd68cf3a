import type { Bell, Notification } from '@podz/proto';

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
