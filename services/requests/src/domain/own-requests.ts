import { conflict, forbidden, isAdmin, notFound, pendingEvent, type AuthUser } from '@podz/kit';
import { requestDeleted, requestUpdated } from '@podz/proto';
import type { RequestsDeps } from './requests-deps';
import { requestState, requestView } from './request-views';

/** The requester edits what their pending request says. */
export async function editRequest(
  deps: RequestsDeps,
  user: AuthUser,
  id: string,
  changes: { message?: string; links?: string[] },
) {
  const request = await deps.requests.findById(id);
  if (!request) throw notFound('Request');
  if (request.requester.id !== user.id) throw forbidden('Only the requester can edit a request');
  if (request.status !== 'pending') throw conflict(`This request was already ${request.status}`);
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const updated = await deps.requests.updatePending(id, given, [
    pendingEvent(requestUpdated, id, requestState(request)),
  ]);
  if (!updated) throw conflict('This request was reviewed meanwhile');
  return requestView(updated);
}

/** The requester withdraws their request (any state), or an admin removes it. */
export async function deleteRequest(deps: RequestsDeps, user: AuthUser, id: string): Promise<void> {
  const request = await deps.requests.findById(id);
  if (!request) throw notFound('Request');
  if (request.requester.id !== user.id && !isAdmin(user)) {
    throw forbidden('Only the requester or an admin can delete a request');
  }
  const deleted = await deps.requests.markDeleted(id, [
    pendingEvent(requestDeleted, id, requestState(request)),
  ]);
  if (!deleted) throw notFound('Request');
}
