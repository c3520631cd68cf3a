import { reminderKey } from '../data/message-reminders';
import type { NotificationsDeps } from './notifications-deps';

/**
 * A message schedules its recipients' reminders (the first unread one per conversation counts).
 * Scheduling again is harmless (the earlier due time stands), and finishes what a crash cut short.
 */
export async function remindUnread(
  deps: NotificationsDeps,
  message: { conversationId: string; senderId: string; recipientIds: string[]; sentAt: string },
): Promise<void> {
  if (new Date(message.sentAt) < deps.since) return;
  const due = new Date(new Date(message.sentAt).getTime() + deps.config.MESSAGE_MAIL_DELAY_SECONDS * 1000);
  for (const userId of message.recipientIds) {
    if (userId === message.senderId) continue;
    const { mailed } = await deps.reminders.waiting(message.conversationId, userId, message.senderId);
    if (!mailed) await deps.reminderQueue.schedule(reminderKey(message.conversationId, userId), due);
  }
}

/** A read cancels the reader's reminder for that conversation. */
export async function cancelReminder(deps: NotificationsDeps, conversationId: string, userId: string) {
  await deps.reminders.read(conversationId, userId);
  await deps.reminderQueue.cancel(reminderKey(conversationId, userId));
}
