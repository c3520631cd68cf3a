import { onBatch, type Subscription } from '@podz/kit';
import { messageSent } from '@podz/proto';
import type { MessagingDeps } from '../domain/messaging-deps';

/**
 * What a send does once its conversation has recorded the message, done again from the
 * message-sent event, which exists exactly when the record does. A process killed between the
 * record and these steps would otherwise leave a message that is counted and published but not
 * listed; and a message stored by a process killed before the record has no event, so it stays
 * pending and never listed. Both steps are idempotent, so the group keeps no handled-event records,
 * and they take the events a batch at a time: one store statement for many messages.
 */
export function messageUpkeep(deps: MessagingDeps): Subscription[] {
  return [
    onBatch(messageSent, async (events) => {
      await deps.messages.confirm(events.map(({ data }) => data.messageId));
      await deps.activity.sentAll(
        events.map(({ data }) => ({
          participantIds: [data.senderId, ...data.recipientIds],
          conversationId: data.conversationId,
          messageId: data.messageId,
          at: new Date(data.sentAt),
        })),
      );
    }),
  ];
}
