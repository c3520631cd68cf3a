import { badRequest, forbidden, isAdmin, notFound, unauthenticated, type AuthUser } from '@podz/kit';
import {
  paginated,
  PUBLIC_USER_TYPES,
  type Access,
  type Paginated,
  type PublicUser,
  type UserType,
} from '@podz/proto';
import type { UserFilter } from '../data/user-repository';
import type { IdentityDeps } from './identity-deps';
import { fullView, publicView, viewFor } from './user-views';

/** Crew is the network's own staff (spec §2 People menu). */
const USER_TYPE_ACCESS: Record<UserType, Access[]> = {
  host: ['host'],
  guest: ['guest'],
  crew: ['editor', 'admin'],
  admin: ['admin'],
  editor: ['editor'],
  user: ['user'],
  owner: ['owner'],
};

/** The shortest name prefix a member may look everyone up by (inviting a host, writing to someone). */
export const PEOPLE_SEARCH_MIN = 2;

/**
 * Hosts, guests and crew are public; any other type, or everyone at once, is for admins only,
 * except that a signed-in member may find anyone by a name prefix (public fields only).
 */
function filterFor(
  viewer: AuthUser | undefined,
  userType: UserType | undefined,
  search?: string,
): UserFilter {
  const findsByName = viewer && !userType && (search?.length ?? 0) >= PEOPLE_SEARCH_MIN;
  if (!isAdmin(viewer) && !findsByName) {
    if (!userType) throw badRequest(`userType is required: ${PUBLIC_USER_TYPES.join(', ')}`);
    if (!(PUBLIC_USER_TYPES as readonly string[]).includes(userType)) {
      throw viewer ? forbidden('Only admins can list users of that type') : unauthenticated();
    }
  }
  return { anyAccess: userType ? USER_TYPE_ACCESS[userType] : undefined };
}

export async function getUser(deps: IdentityDeps, viewer: AuthUser | undefined, id: string) {
  const user = await deps.users.findById(id);
  if (!user) throw notFound('User');
  return viewFor(viewer, user);
}

export async function currentUser(deps: IdentityDeps, caller: AuthUser) {
  const user = await deps.users.findById(caller.id);
  if (!user) throw unauthenticated('Your account no longer exists');
  return fullView(user);
}

export async function listUsers(
  deps: IdentityDeps,
  viewer: AuthUser | undefined,
  query: { userType?: UserType; search?: string; page: number; limit: number },
): Promise<Paginated<PublicUser>> {
  const filter = { ...filterFor(viewer, query.userType, query.search), search: query.search || undefined };
  const { items, total } = await deps.users.list(filter, query.page, query.limit);
  const view = isAdmin(viewer) ? fullView : publicView;
  return paginated(items.map(view), total, query.page, query.limit);
}

export async function countUsers(deps: IdentityDeps, viewer: AuthUser | undefined, userType?: UserType) {
  return { userCount: await deps.users.count(filterFor(viewer, userType)) };
}
