import { on, type Subscription } from '@podz/kit';
import { conversationRead, messageSent } from '@podz/proto';
import type { NotificationsDeps } from '../domain/notifications-deps';
import { cancelReminder, remindUnread } from '../domain/remind-unread';

/** Messages left unread, reminded by mail: both handlers are harmless to repeat. */
export function messageSubscriptions(deps: NotificationsDeps): Subscription[] {
  return [
    on(messageSent, ({ data }) => remindUnread(deps, data)),
    on(conversationRead, ({ data }) => cancelReminder(deps, data.conversationId, data.userId)),
  ];
}
