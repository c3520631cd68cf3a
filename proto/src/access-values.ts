// No schemas here: the web app's first load (guards, menus) needs these, and zod should not come
// with them. The schema is in access.ts.

/** Roles and access values of spec §6. A user's `access` list holds several of them. */
export const ACCESS_VALUES = ['admin', 'editor', 'user', 'owner', 'host', 'guest'] as const;
export type Access = (typeof ACCESS_VALUES)[number];

/** What the interface calls each access value where it differs from the value (spec §1: owner is "podcaster"). */
export const ACCESS_LABELS: Record<Access, string> = {
  admin: 'admin',
  editor: 'editor',
  user: 'user',
  owner: 'podcaster',
  host: 'host',
  guest: 'guest',
};

/** Access values that get a badge in the side menu (spec §2). */
export const BADGE_ACCESS_VALUES: readonly Access[] = ['user', 'host', 'owner', 'guest'];

export function hasAnyAccess(userAccess: readonly string[], allowed: readonly Access[]): boolean {
  return allowed.some((value) => userAccess.includes(value));
}

/**
 * Who may add a show (`POST /api/podcasts`). Apart from the route table so the web app's "add a
 * show" reads the same value without the whole table in its first load.
 */
export const SHOW_ADDERS: readonly Access[] = ['owner', 'admin'];
