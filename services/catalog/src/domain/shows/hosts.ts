import { notFound, pendingEvent, type AuthUser } from '@podz/kit';
import { hostConfirmed, hostDeclined, hostRemoved } from '@podz/proto';
import type { CatalogDeps } from '../catalog-deps';
import { invalidateResponses } from '../invalidate-responses';
import { podcastView } from '../views';

/**
 * `PUT /api/podcasts/host-podcasts { podcastId, status }`: an invited host answers their own
 * invitation. Confirming keeps them (identity then grants `host`); declining removes the invitation.
 */
export async function answerInvitation(
  deps: Pick<CatalogDeps, 'logger' | 'podcasts' | 'responses'>,
  user: AuthUser,
  podcastId: string,
  status: 'confirmed' | 'declined',
) {
  const podcast = await deps.podcasts.findById(podcastId);
  const invitation = podcast?.hosts.find((host) => host.user.id === user.id);
  if (!podcast || !invitation) throw notFound('Host invitation');
  const data = { podcastId, userId: user.id, podcastName: podcast.name };
  const hosts =
    status === 'confirmed'
      ? podcast.hosts.map((host) => (host.user.id === user.id ? { ...host, confirmed: true } : host))
      : podcast.hosts.filter((host) => host.user.id !== user.id);
  // Answering twice the same way changes nothing and says nothing again.
  if (status === 'confirmed' && invitation.confirmed) return { ...podcastView(podcast), confirmed: true };
  const event = status === 'confirmed' ? hostConfirmed : hostDeclined;
  const updated = await deps.podcasts.change(podcastId, { hosts }, [pendingEvent(event, podcastId, data)]);
  if (!updated) throw notFound('Host invitation');
  await invalidateResponses(deps);
  return { ...podcastView(updated), confirmed: status === 'confirmed' };
}

/** `PATCH /api/podcasts/host-podcasts { podcastId }`: a host leaves a show. */
export async function leaveShow(
  deps: Pick<CatalogDeps, 'logger' | 'podcasts' | 'responses'>,
  user: AuthUser,
  podcastId: string,
) {
  const podcast = await deps.podcasts.findById(podcastId);
  if (!podcast || !podcast.hosts.some((host) => host.user.id === user.id)) throw notFound('Host link');
  const hosts = podcast.hosts.filter((host) => host.user.id !== user.id);
  const updated = await deps.podcasts.change(podcastId, { hosts }, [
    pendingEvent(hostRemoved, podcastId, {
      podcastId,
      userId: user.id,
      podcastName: podcast.name,
      byHost: true,
    }),
  ]);
  if (!updated) throw notFound('Host link');
  await invalidateResponses(deps);
  return podcastView(updated);
}
