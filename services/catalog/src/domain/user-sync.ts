import { on, type Subscription } from '@podz/kit';
import { userDeleted, userRegistered, userUpdated } from '@podz/proto';
import type { CatalogDeps } from './catalog-deps';
import { settleFollow } from './settle-follow';
import { invalidateResponses } from './listings';
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
    await invalidateResponses(deps);
  };
  return [
    // Someone new is named nowhere yet: only the directory learns of them.
    on(userRegistered, (event) =>
      deps.users.upsert({
        id: event.data.userId,
        username: event.data.username,
        profilePicture: event.data.profilePicture,
      }),
    ),
    on(userUpdated, (event) => refresh(event.data)),
    on(userDeleted, async (event) => {
      const userId = event.data.userId;
      for (const podcast of await deps.podcasts.all({ ownerId: userId })) await removePodcast(deps, podcast);
      // Each count settled the way an unfollow is, without announcing it: the member is gone.
      for (const podcastId of await deps.follows.podcastIdsOf(userId)) {
        const row = await deps.follows.want(userId, podcastId, false);
        if (row) await settleFollow(deps, row, { announce: false });
      }
      await deps.follows.removeAllOfUser(userId);
      const linked = [
        ...(await deps.podcasts.all({ hostIds: userId })),
        ...(await deps.podcasts.all({ crewIds: userId })),
      ].filter((podcast, i, all) => all.findIndex((other) => other._id.equals(podcast._id)) === i);
      for (const podcast of linked) {
        await deps.podcasts.update(
          podcast._id.toHexString(),
          {
            $set: {
              hosts: podcast.hosts.filter((host) => host.user.id !== userId),
              crew: podcast.crew.filter((credit) => credit.user.id !== userId),
            },
          },
          [],
        );
      }
      await deps.episodes.dropGuest(userId);
      await deps.users.remove(userId);
      await invalidateResponses(deps);
    }),
  ];
}
