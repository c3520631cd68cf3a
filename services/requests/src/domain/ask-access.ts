import { conflict, forbidden, isAdmin, notFound, pendingEvent, type AuthUser } from '@podz/kit';
import { requestCreated, type CreateRequestBody, type RequestRole, type UserRef } from '@podz/proto';
import type { RequestsDeps } from './requests-deps';
import { requestView } from './request-views';

interface Ask {
  role: RequestRole;
  message: string;
  links: string[];
}

async function fileRequest(deps: RequestsDeps, requester: UserRef, ask: Ask, mine: boolean) {
  const created = await deps.requests.create({ requester, ...ask }, (id) => [
    pendingEvent(requestCreated, id, {
      requestId: id,
      userId: requester.id,
      username: requester.username,
      role: ask.role,
      status: 'pending',
    }),
  ]);
  if (!created) {
    throw conflict(
      mine
        ? `You already have an open ${ask.role} request`
        : `${requester.username} already has an open ${ask.role} request`,
    );
  }
  deps.logger.info({ requestId: created.id, role: ask.role }, 'access requested');
  return requestView(created);
}

/** Someone who already holds the access has nothing to ask for. */
function refuseHeldAccess(user: AuthUser, role: RequestRole) {
  if (user.access.includes(role)) throw conflict(`You already have ${role} access`);
}

/** `POST /api/requests`: the full form, for the caller, or by an admin on behalf of a user. */
export async function createRequest(deps: RequestsDeps, user: AuthUser, body: CreateRequestBody) {
  const someoneElse = body.userId !== undefined && body.userId !== user.id ? body.userId : undefined;
  if (someoneElse && !isAdmin(user)) throw forbidden('Only an admin can file a request for someone else');
  let requester: UserRef;
  if (someoneElse) {
    const known = await deps.users.find(someoneElse);
    if (!known) throw notFound('User');
    requester = known;
  } else {
    refuseHeldAccess(user, body.role);
    requester = await deps.users.caller(user);
  }
  const { role, message, links } = body;
  return fileRequest(deps, requester, { role, message, links }, someoneElse === undefined);
}

/** `POST /api/requests/single-request`: the one-click ask, always for the caller. */
export async function askForAccess(
  deps: RequestsDeps,
  user: AuthUser,
  body: { role: RequestRole; message: string },
) {
  refuseHeldAccess(user, body.role);
  return fileRequest(deps, await deps.users.caller(user), { ...body, links: [] }, true);
}
