import { notify } from './deliver';
import type { NotificationsDeps } from './notifications-deps';
import type { Heard } from './heard';

const ownerOf = async (deps: NotificationsDeps, podcastId: string) =>
  (await deps.shows.find(podcastId))?.ownerId;
const nameOf = async (deps: NotificationsDeps, userId: string) =>
  (await deps.contacts.find(userId))?.username ?? 'A member';

/** An owner invited a member to host their show: the member is told. */
export async function tellHostInvited(
  deps: NotificationsDeps,
  event: Heard<{ podcastId: string; userId: string; podcastName: string }>,
): Promise<void> {
  const { podcastId, userId, podcastName } = event.data;
  const ownerId = await ownerOf(deps, podcastId);
  await notify(deps, userId, {
    id: event.id,
    category: 'hosting',
    title: `${ownerId ? await nameOf(deps, ownerId) : 'A show owner'} invited you to host ${podcastName}`,
    body: 'Accept or decline under Host Requests.',
    href: '/podcasts/requests',
  });
}

/** The invited member answered: the show's owner is told. */
export async function tellHostAnswered(
  deps: NotificationsDeps,
  event: Heard<{ podcastId: string; userId: string; podcastName: string }>,
  accepted: boolean,
): Promise<void> {
  const { podcastId, userId, podcastName } = event.data;
  const ownerId = await ownerOf(deps, podcastId);
  if (!ownerId) return;
  await notify(deps, ownerId, {
    id: event.id,
    category: 'hosting',
    title: `${await nameOf(deps, userId)} ${accepted ? 'accepted' : 'declined'} to host ${podcastName}`,
    body: accepted ? 'They are listed as a host of the show now.' : 'You may invite someone else.',
    href: '/podcasts',
  });
}
