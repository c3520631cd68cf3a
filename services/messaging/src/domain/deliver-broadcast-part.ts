import { AppError } from '@podz/kit';
import type { UserRef } from '@podz/proto';
import { broadcastMessageId } from '../data/broadcast-repository';
import type { MessagingDeps } from './messaging-deps';
import { deliverOnce } from './deliver-message';

// Enough to keep a part moving without flooding the store.
const PARALLEL = 8;

/**
 * Delivers one part of a broadcast. Idempotent per recipient, not only per part: each message's
 * id comes from the broadcast and the recipient, so a part retried after a crash completes or skips
 * those it already reached. Recipients deleted since the broadcast was queued are passed over.
 */
export async function deliverBroadcastPart(
  deps: MessagingDeps,
  part: { broadcastId: string; recipientIds: string[] },
): Promise<void> {
  const broadcast = await deps.broadcasts.findById(part.broadcastId);
  if (!broadcast) return;
  const known = await deps.users.findMany(part.recipientIds);
  const recipients = known.filter((user): user is UserRef => user !== undefined);
  for (let start = 0; start < recipients.length; start += PARALLEL) {
    await Promise.all(
      recipients.slice(start, start + PARALLEL).map(async (recipient) => {
        const conversation = await deps.conversations.between(broadcast.sender, recipient);
        const messageId = broadcastMessageId(broadcast, recipient.id);
        await deliverOnce(deps, conversation, broadcast.sender.id, broadcast.text, messageId).catch(
          (err: unknown) => {
            // The recipient was deleted between the read and the write: nobody to tell.
            if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
          },
        );
      }),
    );
  }
}
