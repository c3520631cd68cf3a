import { conflict } from '@podz/kit';
import { type Access } from '@podz/proto';
import type { UserRecord } from '../data/user-repository';
import type { IdentityDeps } from './identity-deps';
import { pageOfPeople } from './read-people';

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
  if (!items.some((admin) => admin.id !== user.id)) {
    throw conflict('PODZ needs at least one admin; make someone else admin first');
  }
}

export function sameAccess(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}
