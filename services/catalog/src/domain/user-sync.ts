import { on, type Subscription } from '@podz/kit';
import { userDeleted, userRegistered, userUpdated } from '@podz/proto';
import type { CatalogDeps } from './catalog-deps';
import { removePodcast } from './podcasts';

/**
 * Keeps catalog's picture of users fresh from `identity.user.v1`: who exists (so they can be
 * invited or credited) and the names and pictures shown on shows and episodes. A deleted user's
 * shows go, and so do their follows, host links, crew credits and guest appearances.
 */
export function userSync(deps: CatalogDeps): Subscription[] {
  const refresh = async (user: { userId: string; username: string; profilePicture: string }) => {
    const ref = { id: user.userId, username: user.username, profilePicture: user.profilePicture };
    await deps.users.upsert(ref);
    await deps.podcasts.refreshUser(ref);
    await deps.episodes.refreshGuest(ref);
  };
  return [
    on(userRegistered, (event) => refresh(event.data)),
    on(userUpdated, (event) => refresh(event.data)),
    on(userDeleted, async (event) => {
      const userId = event.data.userId;
      for (const podcast of await deps.podcasts.all({ 'owner.id': userId }))
        await removePodcast(deps, podcast);
      for (const podcastId of await deps.follows.removeAllOfUser(userId)) {
        await deps.podcasts.update(podcastId, { $inc: { followerCount: -1 } }, []);
      }
      for (const podcast of await deps.podcasts.all({
        $or: [{ 'hosts.user.id': userId }, { 'crew.user.id': userId }],
      })) {
        await deps.podcasts.update(
          podcast._id.toHexString(),
          {
            $set: {
              hosts: podcast.hosts.filter((host) => host.user!.id !== userId),
              crew: podcast.crew.filter((credit) => credit.user!.id !== userId),
            },
          },
          [],
        );
      }
      await deps.episodes.dropGuest(userId);
      await deps.users.remove(userId);
    }),
  ];
}
