import { on, onBatch, type Subscription } from '@podz/kit';
import { userDeleted, userRegistered, userUpdated } from '@podz/proto';
import type { UserDirectory } from '@podz/read-models';
import type { PrivateFeedCopies } from '../data/private-feed-copies';

/**
 * Uploaders' names for the media library, from `identity.user.v1`; a deleted member's private
 * feeds go with them. Set by key from each event, so the group keeps no handled-event records.
 */
export function memberSubscriptions(users: UserDirectory, privateFeeds: PrivateFeedCopies): Subscription[] {
  const refresh = (events: { data: { userId: string; username: string; profilePicture: string } }[]) =>
    users.upsertMany(
      events.map(({ data }) => ({
        user: { id: data.userId, username: data.username, profilePicture: data.profilePicture },
      })),
    );
  return [
    onBatch(userRegistered, refresh),
    onBatch(userUpdated, refresh),
    on(userDeleted, async ({ data }) => {
      await privateFeeds.removeMember(data.userId);
      await users.remove(data.userId);
    }),
  ];
}
