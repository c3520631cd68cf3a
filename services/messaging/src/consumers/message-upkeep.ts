import { on, type Subscription } from '@podz/kit';
import { messageSent } from '@podz/proto';
import type { MessagingDeps } from '../domain/messaging-deps';

/**
 * What a send does once its conversation has recorded the message, done again from the
 * message-sent event, which exists exactly when the record does. A process killed between the
 * record and these steps would otherwise leave a message that is counted and published but not
 * listed; and a message stored by a process killed before the record has no event, so it stays
 * pending and never listed. Both steps are idempotent, so the group keeps no handled-event records.
 */
export function messageUpkeep(deps: MessagingDeps): Subscription[] {
  return [
    on(messageSent, async ({ data }) => {
      await deps.messages.confirm(data.messageId);
      await deps.activity.sent(
        [data.senderId, ...data.recipientIds],
        data.conversationId,
        data.messageId,
        new Date(data.sentAt),
      );
    }),
  ];
}
