import { badRequest, forbidden, isAdmin, unauthenticated, type AuthUser } from '@podz/kit';
import {
  paginated,
  PUBLIC_USER_TYPES,
  type ListUsersQuery,
  type Paginated,
  type PublicUser,
  type UserType,
} from '@podz/proto';
import type { IdentityDeps } from './identity-deps';
import { countPeople, pageOfPeople } from './read-people';
import { fullView, publicView } from './user-views';

/** The shortest name prefix a member may look everyone up by (inviting a host, writing to someone). */
export const PEOPLE_SEARCH_MIN = 2;

/**
 * Hosts, guests and crew are public; any other type, or everyone at once, is for admins only,
 * except that a signed-in member may find anyone by a name prefix (public fields only).
 */
function typeFor(
  viewer: AuthUser | undefined,
  userType: UserType | undefined,
  search?: string,
): UserType | undefined {
  const findsByName = viewer && !userType && (search?.length ?? 0) >= PEOPLE_SEARCH_MIN;
  if (!isAdmin(viewer) && !findsByName) {
    if (!userType) throw badRequest(`userType is required: ${PUBLIC_USER_TYPES.join(', ')}`);
    if (!(PUBLIC_USER_TYPES as readonly string[]).includes(userType)) {
      throw viewer ? forbidden('Only admins can list users of that type') : unauthenticated();
    }
  }
  return userType;
}

export async function listUsers(
  deps: IdentityDeps,
  viewer: AuthUser | undefined,
  query: ListUsersQuery,
): Promise<Paginated<PublicUser>> {
  const byEmail = query.searchBy === 'email';
  // Plans and addresses are private: only admins filter or search by them.
  if ((query.plan || byEmail) && !isAdmin(viewer)) {
    throw viewer
      ? forbidden('Only admins can filter users by plan or find them by email')
      : unauthenticated();
  }
  if (byEmail && (query.userType || query.plan)) {
    throw badRequest('An email search covers everyone: leave out userType and plan');
  }
  const type = typeFor(viewer, query.userType, query.search);
  const { items, total } = await pageOfPeople(deps, {
    type,
    plan: query.plan,
    search: query.search || undefined,
    searchBy: query.searchBy,
    page: query.page,
    limit: query.limit,
  });
  const view = isAdmin(viewer) ? fullView : publicView;
  return paginated(items.map(view), total, query.page, query.limit);
}

export async function countUsers(deps: IdentityDeps, viewer: AuthUser | undefined, userType?: UserType) {
  return { userCount: await countPeople(deps, typeFor(viewer, userType)) };
}
