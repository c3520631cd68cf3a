import { digestMail, messageMail } from './notification-mail';
import type { NotificationsDeps } from './notifications-deps';

/** How many due digests or reminders one sweep takes on. */
const SWEEP_BATCH = 100;
/** After a failed send, the wait before the next try. */
const RETRY_MS = 60_000;

/** Sends the digests that are due: each member's gathered episodes in one mail. */
export async function sendDueDigests(deps: NotificationsDeps): Promise<number> {
  const now = deps.now();
  let sent = 0;
  for (const userId of await deps.digestQueue.due(now, SWEEP_BATCH)) {
    if (!(await deps.digestQueue.claim(userId))) continue; // another instance has it
    const [contact, switches] = await Promise.all([
      deps.contacts.find(userId),
      deps.preferences.find(userId),
    ]);
    const items = await deps.digests.take(userId, now);
    if (items.length === 0 || !contact?.verified || !switches.email.episodes) continue;
    try {
      await deps.mailer.send('digest', digestMail(deps, contact, items));
      sent++;
    } catch (err) {
      await deps.digests.putBack(userId, items);
      await deps.digestQueue.schedule(userId, new Date(now.getTime() + RETRY_MS));
      deps.logger.warn({ err, userId }, 'digest not sent; tried again later');
    }
  }
  return sent;
}

/** Mails the members whose message has waited unread long enough: once per conversation until read. */
export async function sendDueReminders(deps: NotificationsDeps): Promise<number> {
  const now = deps.now();
  let sent = 0;
  for (const key of await deps.reminderQueue.due(now, SWEEP_BATCH)) {
    if (!(await deps.reminderQueue.claim(key))) continue;
    const reminder = await deps.reminders.find(key);
    if (!reminder || reminder.mailed) continue; // read meanwhile, or mailed already
    const [contact, sender, switches] = await Promise.all([
      deps.contacts.find(reminder.userId),
      deps.contacts.find(reminder.senderId),
      deps.preferences.find(reminder.userId),
    ]);
    if (!contact?.verified || !switches.email.messages) continue;
    try {
      await deps.mailer.send('message reminder', messageMail(deps, contact, sender?.username ?? 'A member'));
      await deps.reminders.markMailed(key);
      sent++;
    } catch (err) {
      await deps.reminderQueue.schedule(key, new Date(now.getTime() + RETRY_MS));
      deps.logger.warn({ err, userId: reminder.userId }, 'message reminder not sent; tried again later');
    }
  }
  return sent;
}
