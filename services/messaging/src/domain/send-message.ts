import { notFound, type AuthUser } from '@podz/kit';
import type { MessagingDeps } from './messaging-deps';
import { spendSendAllowance } from './send-allowance';
import { deliver } from './deliver-message';

/**
 * `POST /api/conversations/{id}`: a participant's message; anyone else gets 404. The participants
 * are usually remembered; if they changed (a user was deleted), the send is tried once more with
 * the conversation read afresh.
 */
export async function sendMessage(deps: MessagingDeps, caller: AuthUser, id: string, text: string) {
  let allowanceSpent = false;
  for (const fresh of [false, true]) {
    const participantIds = await deps.conversations.participantIdsFor(id, caller.id, { fresh });
    if (!participantIds) break;
    if (!allowanceSpent) await spendSendAllowance(deps, caller);
    allowanceSpent = true;
    const sent = await deliver(deps, id, participantIds, caller.id, text);
    if (sent && sent !== 'done') return sent;
  }
  throw notFound('Conversation');
}
