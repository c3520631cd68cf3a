import { AppError, on, type AuthUser, type Subscription, badRequest } from '@podz/kit';
import { broadcastPart, type Access, type UserRef } from '@podz/proto';
import { broadcastMessageId } from '../data/broadcast-repository';
import type { MessagingDeps } from './messaging-deps';
import { deliverOnce, spendSendAllowance } from './send-messages';

// Enough to keep a part moving without flooding the store.
const PARALLEL = 8;

/**
 * `POST /api/conversations/admin`: one message to each recipient, in the conversation the admin has
 * with them. The request queues the broadcast (data/broadcast-repository.ts) and answers how many
 * it goes to; named users the directory does not know are reported back as `skipped`.
 */
export async function messageAsAdmin(
  deps: MessagingDeps,
  admin: AuthUser,
  body: { text: string; userIds?: string[]; access?: Access },
): Promise<{ sent: number; skipped: string[] }> {
  await spendSendAllowance(deps, admin);
  const notAdmin = (id: string) => id !== admin.id;
  let recipientIds: string[];
  let skipped: string[] = [];
  if (body.userIds) {
    const ids = [...new Set(body.userIds)].filter(notAdmin);
    const known = await deps.users.findMany(ids);
    recipientIds = ids.filter((_, index) => known[index] !== undefined);
    skipped = ids.filter((_, index) => known[index] === undefined);
  } else if (body.access) {
    recipientIds = [...new Set(await deps.users.idsWithAccess(body.access))].filter(notAdmin);
  } else {
    // The schema asks for one of the two.
    throw badRequest('Name the recipients (userIds) or an access value (access)');
  }
  if (recipientIds.length) {
    const sender = await deps.users.caller(admin);
    const broadcastId = await deps.broadcasts.queue(sender, body.text, recipientIds);
    deps.logger.info(
      { broadcastId, recipients: recipientIds.length, skipped: skipped.length, access: body.access },
      'admin message queued',
    );
  }
  return { sent: recipientIds.length, skipped };
}

/**
 * Delivers each part of a broadcast. Idempotent per recipient, not only per event: each message's
 * id comes from the broadcast and the recipient, so a part retried after a crash completes or skips
 * those it already reached. Recipients deleted since the broadcast was queued are passed over.
 */
export function broadcastDelivery(deps: MessagingDeps): Subscription[] {
  return [
    on(broadcastPart, async (event) => {
      const broadcast = await deps.broadcasts.findById(event.data.broadcastId);
      if (!broadcast) return;
      const known = await deps.users.findMany(event.data.recipientIds);
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
    }),
  ];
}
