import {
  DEFAULT_PROFILE_PICTURE,
  type Access,
  type FullUser,
  type PublicUser,
  type SessionUser,
} from '@podz/proto';
import type { UserRecord } from '../data/user-repository';

// Explicit allowlists: a field added to the record stays private until someone puts it here.

export function publicView(user: UserRecord): PublicUser {
  const id = user.id;
  return {
    _id: id,
    id,
    username: user.username,
    profilePicture: user.profilePicture || DEFAULT_PROFILE_PICTURE,
    role: user.role as Access,
    access: user.access as Access[],
    bio: user.bio ?? '',
    links: user.links ?? [],
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

export function fullView(user: UserRecord): FullUser {
  return {
    ...publicView(user),
    email: user.email,
    emailVerified: user.emailVerifiedAt ? new Date(user.emailVerifiedAt).toISOString() : null,
    plan: user.plan ?? '',
    updatedAt: new Date(user.updatedAt).toISOString(),
  };
}

export function sessionView(user: UserRecord): SessionUser {
  const { _id, id, username, profilePicture, role, access } = publicView(user);
  const emailVerified = user.emailVerifiedAt ? new Date(user.emailVerifiedAt).toISOString() : null;
  return { _id, id, username, profilePicture, role, access, plan: user.plan ?? '', emailVerified };
}

/** Self and admins see the whole record; everyone else the public projection. */
export function viewFor(viewer: { id: string; access: readonly string[] } | undefined, user: UserRecord) {
  const seesAll = viewer && (viewer.id === user.id || viewer.access.includes('admin'));
  return seesAll ? fullView(user) : publicView(user);
}
