import type { Email } from '@podz/kit';
import { SOCKET_EVENTS, type Notification, type NotificationCategory } from '@podz/proto';
import { unreadIn, type BellItem } from '../data/bells';
import type { ContactRecord } from '../data/contacts';
import { alertMail } from './notification-mail';
import type { NotificationsDeps } from './notifications-deps';

/** What happened, for one member: the same id however often the event that caused it arrives. */
export interface Notice {
  id: string;
  category: NotificationCategory;
  title: string;
  body: string;
  href: string;
}

export const notificationView = (item: BellItem): Notification => ({
  id: item.id,
  category: item.category,
  title: item.title,
  body: item.body,
  href: item.href,
  createdAt: new Date(item.createdAt).toISOString(),
  read: item.read,
});

/**
 * Tells the member, as their switches say: into the bell (pushed to their open tabs at once) and,
 * unless `mail` is false (episodes go to the digest instead), by mail. A repeat of the same
 * notice adds, pushes and mails nothing.
 */
export async function notify(
  deps: NotificationsDeps,
  userId: string,
  notice: Notice,
  { mail = true } = {},
): Promise<void> {
  const switches = await deps.preferences.find(userId);
  if (switches.bell[notice.category]) {
    const item: BellItem = { ...notice, createdAt: deps.now(), read: false };
    const bell = await deps.bells.add(userId, item);
    if (bell) {
      deps.push(userId, SOCKET_EVENTS.notificationNew, {
        notification: notificationView(item),
        unread: unreadIn(bell),
      });
    }
  }
  if (mail && switches.email[notice.category]) {
    await mailOnce(deps, userId, notice.id, notice.category, (contact) =>
      alertMail(deps, contact, notice.category, notice),
    );
  }
}

/**
 * Mails the member once for `key`, at a confirmed address only. The claim comes before the send
 * and is given back if the send fails, so a retried event mails once: never twice, and not never.
 */
export async function mailOnce(
  deps: NotificationsDeps,
  userId: string,
  key: string,
  kind: string,
  compose: (contact: ContactRecord) => Email,
): Promise<void> {
  const contact = await deps.contacts.find(userId);
  if (!contact?.verified) return;
  const mark = `mail:${key}:${userId}`;
  if (!(await deps.marks.claim(mark))) return;
  try {
    await deps.mailer.send(kind, compose(contact));
  } catch (err) {
    await deps.marks.release(mark);
    throw err;
  }
}
