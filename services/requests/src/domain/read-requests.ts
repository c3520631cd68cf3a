import { forbidden, isAdmin, notFound, type AuthUser } from '@podz/kit';
import {
  paginated,
  type AccessRequest,
  type Paginated,
  type RequestRole,
  type RequestStatus,
} from '@podz/proto';
import type { RequestsDeps } from './requests-deps';
import { requestView } from './request-views';

/** `GET /api/requests` (admin): every request, newest first. */
export async function listRequests(
  deps: RequestsDeps,
  query: { page: number; limit: number; status?: RequestStatus; role?: RequestRole },
): Promise<Paginated<AccessRequest>> {
  const { items, total } = await deps.requests.page(query, query.page, query.limit);
  return paginated(items.map(requestView), total, query.page, query.limit);
}

/** A user's latest request for the role: theirs to read, or an admin's. */
export async function latestRequest(
  deps: RequestsDeps,
  user: AuthUser,
  userId: string,
  role: RequestRole,
): Promise<AccessRequest> {
  if (userId !== user.id && !isAdmin(user)) throw forbidden("Only an admin can read another user's requests");
  const found = await deps.requests.latestOf(userId, role);
  if (!found) throw notFound(`A ${role} request`);
  return requestView(found);
}
