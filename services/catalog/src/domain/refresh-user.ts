import type { CatalogDeps } from './catalog-deps';
import { invalidateResponses } from './invalidate-responses';

type UserFacts = { userId: string; username: string; profilePicture: string };

const refOf = (user: UserFacts) => ({
  id: user.userId,
  username: user.username,
  profilePicture: user.profilePicture,
});

/** Someone new is named nowhere yet: only the directory learns of them (so they can be invited). */
export async function rememberUsers(deps: Pick<CatalogDeps, 'users'>, users: UserFacts[]): Promise<void> {
  await deps.users.upsertMany(users.map((user) => ({ user: refOf(user) })));
}

/** A new name or picture, on every show and episode that shows it. */
export async function refreshUser(
  deps: Pick<CatalogDeps, 'episodes' | 'logger' | 'podcasts' | 'responses' | 'users'>,
  user: UserFacts,
): Promise<void> {
  const ref = refOf(user);
  await deps.users.upsert(ref);
  await deps.podcasts.refreshUser(ref);
  await deps.episodes.refreshGuest(ref);
  await invalidateResponses(deps);
}
