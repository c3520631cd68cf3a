import { notify } from './deliver';
import type { NotificationsDeps } from './notifications-deps';

// What each bell notice says. The event's id is the notice's, so an event heard twice tells once.
type Heard<D> = { id: string; data: D };

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

/** An access request was reviewed: the requester is told. */
export async function tellRequestReviewed(
  deps: NotificationsDeps,
  event: Heard<{ userId: string; role: string; note: string }>,
  approved: boolean,
): Promise<void> {
  const { userId, role, note } = event.data;
  await notify(deps, userId, {
    id: event.id,
    category: 'requests',
    title: `Your request for ${role} access was ${approved ? 'approved' : 'not approved'}`,
    body: note,
    href: '/requests/access',
  });
}

/** A member was credited as a guest on an episode: they are told. */
export async function tellGuestCredited(
  deps: NotificationsDeps,
  event: Heard<{ podcastId: string; episodeId: string; userId: string; title: string }>,
): Promise<void> {
  const { podcastId, episodeId, userId, title } = event.data;
  const show = await deps.shows.find(podcastId);
  await notify(deps, userId, {
    id: event.id,
    category: 'guests',
    title: `You are credited as a guest on “${title}”`,
    body: show ? `An episode of ${show.name}.` : '',
    href: show ? `/shows/${encodeURIComponent(show.uId)}/${episodeId}` : '/guest-podz',
  });
}
