import { on, onBatch, type Subscription } from '@podz/kit';
import { userDeleted, userRegistered, userUpdated } from '@podz/proto';
import type { CatalogDeps } from '../domain/catalog-deps';
import { forgetUser } from '../domain/forget-user';
import { refreshUser, rememberUsers } from '../domain/refresh-user';

/**
 * Keeps catalog's picture of users fresh from `identity.user.v1`: who exists (so they can be
 * invited or credited) and the names and pictures shown on shows and episodes.
 */
export function userSync(
  deps: Pick<CatalogDeps, 'episodes' | 'follows' | 'lists' | 'logger' | 'podcasts' | 'responses' | 'users'>,
): Subscription[] {
  return [
    onBatch(userRegistered, (events) =>
      rememberUsers(
        deps,
        events.map((event) => event.data),
      ),
    ),
    on(userUpdated, (event) => refreshUser(deps, event.data)),
    on(userDeleted, (event) => forgetUser(deps, event.data.userId)),
  ];
}
