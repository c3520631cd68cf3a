import { pageFromList } from '@podz/kit';
import type { UserType } from '@podz/proto';
import { listsPerson, type PeoplePageQuery } from '../data/people-lists';
import type { UserRecord } from '../data/user-repository';
import type { IdentityDeps } from './identity-deps';
import { syncPerson, ensurePeopleLists } from './keep-people-lists';

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
