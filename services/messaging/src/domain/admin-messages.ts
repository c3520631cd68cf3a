import { type AuthUser, badRequest } from '@podz/kit';
import type { Access } from '@podz/proto';
import type { MessagingDeps } from './messaging-deps';
import { spendSendAllowance } from './send-allowance';

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
