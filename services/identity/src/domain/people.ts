import { pageFromList } from '@podz/kit';
import type { UserType } from '@podz/proto';
import { listsPerson, type PeoplePageQuery } from '../data/people-lists';
import type { UserRecord } from '../data/user-repository';
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

interface PeopleQuery extends PeoplePageQuery {
  page: number;
  limit: number;
}

/** A page of people from the maintained list; from the store while the list is being built. */
export async function pageOfPeople(
  deps: IdentityDeps,
  query: PeopleQuery,
): Promise<{ items: UserRecord[]; total: number }> {
  const listed = await pageFromList(
    { lists: deps.people, logger: deps.logger },
    () => deps.people.page(query, (query.page - 1) * query.limit, query.limit),
    (ids) => deps.users.findByIds(ids),
    listsPerson(query.type, query.plan),
    (id) => syncPerson(deps, id),
  );
  if (listed) return listed;
  deps.background.once('people lists', () => ensurePeopleLists(deps));
  return deps.users.list(query, query.page, query.limit);
}

/** How many users of a type there are (ZCARD); from the store while the list is being built. */
export async function countPeople(deps: IdentityDeps, type: UserType | undefined): Promise<number> {
  const size = await deps.people.size(type).catch((err: unknown) => {
    deps.logger.warn({ err }, 'people list unreadable; counting in the store instead');
    return null;
  });
  if (size !== null) return size;
  deps.background.once('people lists', () => ensurePeopleLists(deps));
  return deps.users.count({ type });
}
