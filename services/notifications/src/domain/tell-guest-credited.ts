import { notify } from './deliver';
import type { NotificationsDeps } from './notifications-deps';
import type { Heard } from './heard';

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
