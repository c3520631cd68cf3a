import { conflict, notFound, pendingEvent, type AuthUser } from '@podz/kit';
import { requestApproved, requestRejected, type ReviewRequestBody } from '@podz/proto';
import type { RequestsDeps } from './requests-deps';
import { requestState, requestView } from './request-views';

/**
 * An admin approves or rejects a pending request. Approval is only a fact here: identity hears
 * `approved` and adds the access, so the grant happens once, where access lives.
 */
export async function reviewRequest(
  deps: RequestsDeps,
  admin: AuthUser,
  id: string,
  body: ReviewRequestBody,
) {
  const request = await deps.requests.findById(id);
  if (!request) throw notFound('Request');
  if (request.status !== 'pending') throw conflict(`This request was already ${request.status}`);
  const reviewer = await deps.users.caller(admin);
  const event = body.status === 'approved' ? requestApproved : requestRejected;
  const data = {
    ...requestState(request),
    status: body.status,
    reviewerId: admin.id,
    note: body.note,
  };
  const reviewed = await deps.requests.updatePending(
    id,
    { status: body.status, review: { reviewer, note: body.note, reviewedAt: new Date() } },
    [pendingEvent(event, id, data)],
  );
  // Another admin's review won the race, or the requester withdrew it meanwhile.
  if (!reviewed) throw conflict('This request was reviewed or withdrawn meanwhile');
  deps.logger.info({ requestId: id, status: body.status }, 'request reviewed');
  return requestView(reviewed);
}
