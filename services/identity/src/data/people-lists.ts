import type { Placement, RankedLists, RankedPage } from '@podz/kit';
import { USER_TYPES, type Access, type UserType } from '@podz/proto';
import type { UserRecord } from './user-model';

/** Crew is the network's own staff (spec §2 People menu). */
export const USER_TYPE_ACCESS: Record<UserType, readonly Access[]> = {
  host: ['host'],
  guest: ['guest'],
  crew: ['editor', 'admin'],
  admin: ['admin'],
  editor: ['editor'],
  user: ['user'],
  owner: ['owner'],
};

/** Everyone, and everyone of each type, by username: what the people pages and admins page through. */
export const PEOPLE_LIST = {
  everyone: 'people:all',
  ofType: (type: UserType) => `people:type:${type}`,
} as const;

export const ALL_PEOPLE_LISTS = [PEOPLE_LIST.everyone, ...USER_TYPES.map(PEOPLE_LIST.ofType)];

/** The rule for a list, undefined type for everyone; the same rule checks every user a page loads. */
export function listsPerson(type: UserType | undefined) {
  return (user: UserRecord): boolean =>
    !user.deletedAt &&
    (!type || user.access.some((value) => USER_TYPE_ACCESS[type].includes(value as Access)));
}

function placements(user: UserRecord): Placement[] {
  if (user.deletedAt) return [];
  return [
    { list: PEOPLE_LIST.everyone, score: 0 },
    ...USER_TYPES.filter((type) => listsPerson(type)(user)).map((type) => ({
      list: PEOPLE_LIST.ofType(type),
      score: 0,
    })),
  ];
}

const listOf = (type: UserType | undefined) => (type ? PEOPLE_LIST.ofType(type) : PEOPLE_LIST.everyone);

/**
 * Identity's people lists in Redis beside the store (kit RankedLists), ordered by the lowercased
 * username, so a people page, a name-prefix search and a count cost the same at 100 or 100,000
 * users.
 */
export class PeopleLists {
  constructor(private readonly lists: RankedLists) {}

  place(user: UserRecord): Promise<void> {
    return this.lists.place('people', user._id.toHexString(), user.usernameKey, placements(user));
  }

  drop(id: string): Promise<void> {
    return this.lists.place('people', id, '', []);
  }

  /** A page of one type (or everyone), of those whose username starts with `prefix` if given. */
  page(type: UserType | undefined, prefix: string | undefined, offset: number, count: number) {
    return prefix
      ? this.lists.withPrefix(listOf(type), prefix.toLowerCase(), offset, count)
      : this.lists.ascending(listOf(type), offset, count);
  }

  /** How many users of a type there are; null while the list is not built. */
  size(type: UserType | undefined): Promise<number | null> {
    return this.lists.size(listOf(type));
  }

  evictId(page: RankedPage, id: string): Promise<void> {
    return this.lists.evictId(page, id);
  }

  isBuilt(): Promise<boolean> {
    return this.lists.isBuilt(PEOPLE_LIST.everyone);
  }

  markBuilt(): Promise<void> {
    return this.lists.markBuilt(ALL_PEOPLE_LISTS);
  }

  withRebuildLock(rebuild: () => Promise<void>): Promise<boolean> {
    return this.lists.withRebuildLock('people', rebuild);
  }
}
