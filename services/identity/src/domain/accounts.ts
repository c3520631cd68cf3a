import { conflict, pendingEvent } from '@podz/kit';
import {
  DEFAULT_PLAN,
  DEFAULT_PROFILE_PICTURE,
  userAccessChanged,
  contactChanged,
  userRegistered,
  userUpdated,
  type Access,
} from '@podz/proto';
import type { UserRecord } from '../data/user-repository';
import type { IdentityDeps } from './identity-deps';
import { pageOfPeople } from './people';
import { publicView } from './user-views';

/** Rules shared by the use cases that create or edit accounts. */

/** The role is always one of the user's access values. */
export function normalizeAccess(role: Access, access: readonly Access[] = []): Access[] {
  return [...new Set([role, ...access])];
}

export async function ensureAvailable(
  deps: IdentityDeps,
  username: string | undefined,
  email: string | undefined,
  exceptId?: string,
): Promise<void> {
  const taken = await deps.users.taken(username, email, exceptId);
  if (taken.username) throw conflict('That username is taken');
  if (taken.email) throw conflict('That email address is already registered');
}

/** Refuses a change that would leave the network without an administrator. */
export async function ensureAdminRemains(
  deps: IdentityDeps,
  user: UserRecord,
  nextAccess: readonly string[],
) {
  if (!user.access.includes('admin') || nextAccess.includes('admin')) return;
  // The first admins on the list, each checked in the store: a stale entry can only make this
  // refuse, never let the last admin go.
  const { items } = await pageOfPeople(deps, { type: 'admin', search: undefined, page: 1, limit: 10 });
  if (!items.some((admin) => !admin._id.equals(user._id))) {
    throw conflict('PODZ needs at least one admin; make someone else admin first');
  }
}

export function accessChangedEvent(user: UserRecord, role: Access, access: Access[]) {
  const id = user._id.toHexString();
  return pendingEvent(userAccessChanged, id, {
    userId: id,
    role,
    access,
    previousAccess: user.access as Access[],
  });
}

export function sameAccess(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

export interface AccountFields {
  username: string;
  email: string;
  password: string;
  role: Access;
  access?: Access[];
  plan?: string;
  profilePicture?: string | null;
  bio?: string;
  links?: string[];
  /** Accounts an admin or the seed creates are taken as verified; sign-ups verify by mail. */
  emailVerified?: boolean;
}

export async function createAccount(deps: IdentityDeps, fields: AccountFields): Promise<UserRecord> {
  await ensureAvailable(deps, fields.username, fields.email);
  const { password, emailVerified, ...rest } = fields;
  const access = normalizeAccess(fields.role, fields.access);
  const passwordHash = await deps.passwords.hash(password);
  const emailVerifiedAt = emailVerified ? new Date() : null;
  return deps.users.create({ ...rest, access, passwordHash, emailVerifiedAt }, (id) => [
    pendingEvent(userRegistered, id, {
      userId: id,
      username: fields.username,
      profilePicture: fields.profilePicture || DEFAULT_PROFILE_PICTURE,
      role: fields.role,
      access,
      plan: fields.plan ?? DEFAULT_PLAN,
    }),
    contactEvent(id, { ...fields, emailVerifiedAt }),
  ]);
}

/** The user's address and whether it is confirmed, for the notifications service alone. */
export function contactEvent(
  id: string,
  user: { username: string; email: string; emailVerifiedAt?: Date | null },
) {
  return pendingEvent(contactChanged, id, {
    userId: id,
    username: user.username,
    email: user.email,
    verified: Boolean(user.emailVerifiedAt),
  });
}

/** Fields whose change other services hear about as `user.updated`. */
export const PROFILE_FIELDS = ['username', 'profilePicture', 'bio', 'links'] as const;

export function profileUpdatedEvent(user: UserRecord) {
  const { id, username, profilePicture, bio, links } = publicView(user);
  return pendingEvent(userUpdated, id, { userId: id, username, profilePicture, bio, links });
}
