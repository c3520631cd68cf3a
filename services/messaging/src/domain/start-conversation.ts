import { badRequest, notFound, type AuthUser } from '@podz/kit';
import type { MessagingDeps } from './messaging-deps';
import { spendSendAllowance } from './send-allowance';
import { deliverIn } from './deliver-message';

/** `POST /api/conversations`: to a user, in the conversation the two have (made on first use). */
export async function startConversation(
  deps: MessagingDeps,
  caller: AuthUser,
  body: { recipientId: string; text: string },
) {
  if (body.recipientId === caller.id) throw badRequest('You cannot message yourself');
  const recipient = await deps.users.find(body.recipientId);
  if (!recipient) throw notFound('User');
  await spendSendAllowance(deps, caller);
  const sender = await deps.users.caller(caller);
  const conversation = await deps.conversations.between(sender, recipient);
  return deliverIn(deps, conversation, caller.id, body.text);
}
