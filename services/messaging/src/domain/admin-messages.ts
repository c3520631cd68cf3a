import type { AuthUser } from '@podz/kit';
import type { Access } from '@podz/proto';
import type { MessagingDeps } from './messaging-deps';
import { deliverIn, spendSendAllowance } from './send-messages';

// Enough to keep a large fan-out moving without flooding the store.
const PARALLEL = 8;

/**
 * `POST /api/conversations/admin`: one message to each recipient, in the conversation the admin has
 * with them. Named users the directory does not know are reported back as `skipped`.
 */
export async function messageAsAdmin(
  deps: MessagingDeps,
  admin: AuthUser,
  body: { text: string; userIds?: string[]; access?: Access },
): Promise<{ sent: number; skipped: string[] }> {
  await spendSendAllowance(deps, admin);
  const wanted = body.userIds ?? (await deps.users.idsWithAccess(body.access!));
  const ids = [...new Set(wanted)].filter((id) => id !== admin.id);
  const known = await deps.users.findMany(ids);
  const recipients = known.filter((user) => user !== undefined);
  const skipped = ids.filter((_, index) => known[index] === undefined);
  const sender = await deps.users.caller(admin);
  for (let start = 0; start < recipients.length; start += PARALLEL) {
    await Promise.all(
      recipients.slice(start, start + PARALLEL).map(async (recipient) => {
        const conversation = await deps.conversations.between(sender, recipient);
        await deliverIn(deps, conversation, sender.id, body.text);
      }),
    );
  }
  deps.logger.info(
    { sent: recipients.length, skipped: skipped.length, access: body.access },
    'admin message sent',
  );
  return { sent: recipients.length, skipped };
}
