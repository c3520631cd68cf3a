import type { NotificationsDeps } from './notifications-deps';

/** A deleted member's bell, switches, address, digest and follows go. */
export async function forgetMember(deps: NotificationsDeps, userId: string): Promise<void> {
  await Promise.all([
    deps.bells.remove(userId),
    deps.preferences.remove(userId),
    deps.contacts.remove(userId),
    deps.digests.remove(userId),
    deps.digestQueue.cancel(userId),
    deps.shows.removeFollower(userId),
  ]);
}
