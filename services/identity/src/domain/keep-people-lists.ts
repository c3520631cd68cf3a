import type { IdentityDeps } from './identity-deps';

/**
 * Keeps the people lists (data/people-lists.ts) in step with the store: the repository places each
 * user it writes; identity's own events place them again from the store, so a crash between the
 * write and Redis loses nothing; a list that is missing is rebuilt from the store, and until it is,
 * pages and counts are read from the store.
 */

/** Places the user as the store has it now (out of every list if the account is gone). */
export async function syncPerson(deps: IdentityDeps, id: string): Promise<void> {
  const user = await deps.users.findById(id);
  await (user ? deps.people.place(user) : deps.people.drop(id));
}

/** Builds the lists from the store when they are missing: at start-up, and when a reader finds them so. */
export async function ensurePeopleLists(deps: IdentityDeps): Promise<void> {
  if (await deps.people.isBuilt()) return;
  await deps.people.withRebuildLock(async () => {
    await deps.users.forEach((user) => deps.people.place(user));
    await deps.people.markBuilt();
  });
}
