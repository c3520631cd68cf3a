import type { Placement, RankedLists, RankedPage } from '@podz/kit';
import { USER_TYPES, USER_TYPE_ACCESS, type Access, type UserType } from '@podz/proto';
import type { UserRecord } from './user-model';

/**
 * Everyone, and everyone of each type, by username: what the people pages and admins page through;
 * the same by plan (admins' filter), and everyone by email address (admins' search).
 */
export const PEOPLE_LIST = {
  everyone: 'people:all',
  ofType: (type: UserType) => `people:type:${type}`,
  onPlan: (type: UserType | undefined, plan: string) => `people:plan:${plan}:${type ?? 'any'}`,
  byEmail: 'people:email',
  /** The marker of the plan lists: plans come and go, so they are built as one family. */
  plans: 'people:plans',
} as const;

export const ALL_PEOPLE_LISTS = [
  PEOPLE_LIST.everyone,
  ...USER_TYPES.map(PEOPLE_LIST.ofType),
  PEOPLE_LIST.byEmail,
  PEOPLE_LIST.plans,
];

/** Who is on a filtered page, checked again on every user a page loads (undefined: no filter). */
export function listsPerson(type: UserType | undefined, plan?: string) {
  return (user: UserRecord): boolean =>
    !user.deletedAt &&
    (!plan || user.plan === plan) &&
    (!type || user.access.some((value) => USER_TYPE_ACCESS[type].includes(value as Access)));
}

function placements(user: UserRecord): Placement[] {
  if (user.deletedAt) return [];
  const types = USER_TYPES.filter((type) => listsPerson(type)(user));
  return [
    PEOPLE_LIST.everyone,
    ...types.map(PEOPLE_LIST.ofType),
    PEOPLE_LIST.onPlan(undefined, user.plan),
    ...types.map((type) => PEOPLE_LIST.onPlan(type, user.plan)),
  ].map((list) => ({ list, score: 0 }));
}

const listOf = (type: UserType | undefined) => (type ? PEOPLE_LIST.ofType(type) : PEOPLE_LIST.everyone);

export interface PeoplePageQuery {
  type: UserType | undefined;
  search: string | undefined;
  plan?: string;
  searchBy?: 'username' | 'email';
}

/**
 * Identity's people lists in Redis beside the store (kit RankedLists), ordered by the lowercased
 * username (or email), so a people page, a prefix search and a count cost the same at 100 or
 * 100,000 users.
 */
export class PeopleLists {
  constructor(private readonly lists: RankedLists) {}

  async place(user: UserRecord): Promise<void> {
    const id = user.id;
    await Promise.all([
      this.lists.place('people', id, user.usernameKey, placements(user)),
      this.lists.place(
        'people-email',
        id,
        user.email.toLowerCase(),
        user.deletedAt ? [] : [{ list: PEOPLE_LIST.byEmail, score: 0 }],
      ),
    ]);
  }

  async drop(id: string): Promise<void> {
    await Promise.all([this.lists.place('people', id, '', []), this.lists.place('people-email', id, '', [])]);
  }

  /** A page of those the query names, whose username (or email) starts with the search if given. */
  page(query: PeoplePageQuery, offset: number, count: number) {
    const prefix = query.search?.toLowerCase();
    if (query.searchBy === 'email' && prefix) {
      return this.lists.withPrefix(PEOPLE_LIST.byEmail, prefix, offset, count);
    }
    const [list, builtWith] = query.plan
      ? [PEOPLE_LIST.onPlan(query.type, query.plan), PEOPLE_LIST.plans]
      : [listOf(query.type), listOf(query.type)];
    return prefix
      ? this.lists.withPrefix(list, prefix, offset, count, builtWith)
      : this.lists.ascending(list, offset, count, builtWith);
  }

  /** How many users of a type there are; null while the list is not built. */
  size(type: UserType | undefined): Promise<number | null> {
    return this.lists.size(listOf(type));
  }

  evictId(page: RankedPage, id: string): Promise<void> {
    return this.lists.evictId(page, id);
  }

  /** Built only when every list is (lists added since the last rebuild send it round again). */
  isBuilt(): Promise<boolean> {
    return this.lists.allBuilt(ALL_PEOPLE_LISTS);
  }

  markBuilt(): Promise<void> {
    return this.lists.markBuilt(ALL_PEOPLE_LISTS);
  }

  withRebuildLock(rebuild: () => Promise<void>): Promise<boolean> {
    return this.lists.withRebuildLock('people', rebuild);
  }
}
