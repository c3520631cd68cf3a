import {
  conflict,
  forbidden,
  isAdmin,
  notFound,
  pendingEvent,
  sanitizeRichText,
  type AuthUser,
} from '@podz/kit';
import { hostInvited, hostRemoved, podcastUpdated, type UserRef } from '@podz/proto';
import type { PodcastRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { placePodcast } from './place-podcast';
import { checkPremiumPlans } from '../feeds/premium-rules';
import { showVisibilityChanged } from '../episodes/sync-episode';
import { knownUsers, uploadedMedia } from '../resolve-refs';
import { feedSettings, podcastView } from '../views';

import {
  checkPodroll,
  crewOf,
  canManage,
  podcastState,
  showAllowing,
  showRelease,
  type UpdateBody,
} from './podcast-rules';

/** `PUT /api/podcasts/{id}`: the owner or an admin. New hosts are invited; dropped hosts removed. */
export async function updatePodcast(
  deps: Pick<
    CatalogDeps,
    'episodes' | 'lists' | 'logger' | 'plans' | 'podcasts' | 'responses' | 'uploads' | 'users'
  >,
  user: AuthUser,
  id: string,
  body: UpdateBody,
) {
  const podcast = await showAllowing(
    deps,
    id,
    (show) => canManage(user, show),
    'Only the show’s owner or an admin can change it',
  );
  if (body.featured !== undefined && !isAdmin(user)) throw forbidden('Only admins choose featured shows');
  const changes: Record<string, unknown> = {};
  if (body.name !== undefined && body.name !== podcast.name) {
    if (await deps.podcasts.nameTaken(body.name, id)) throw conflict('A show with this name already exists');
    changes.name = body.name;
    changes.nameKey = body.name.trim().toLowerCase();
  }
  if (body.description !== undefined) changes.description = sanitizeRichText(body.description);
  for (const field of ['category', 'language', 'explicit', 'featured', 'levelAudio', 'insertAds'] as const) {
    if (body[field] !== undefined) changes[field] = body[field];
  }
  // A new time or status decides both together (scheduled or not): the one given and the one held.
  if (body.status !== undefined || body.publishAt !== undefined) {
    Object.assign(changes, showRelease(body.status ?? podcast.status, body.publishAt, podcast.publishAt));
  }
  if (body.logoId) changes.logoPath = (await uploadedMedia(deps, user, body.logoId, 'image', 'logoId')).url;
  if (body.crew) changes.crew = await crewOf(deps, body.crew);
  if (body.feed) {
    if (body.feed.podroll) await checkPodroll(deps, id, body.feed.podroll);
    changes.feed = feedSettings(podcast.feed, body.feed);
  }

  if (body.premium) {
    await checkPremiumPlans(deps, body.premium.plans);
    changes.premium = body.premium;
  }
  const name = (changes.name as string | undefined) ?? podcast.name;
  const events = [];
  if (body.hostIds) {
    const current = new Map(podcast.hosts.map((host) => [host.user.id, host]));
    const wanted = [...new Set(body.hostIds)].filter((hostId) => hostId !== podcast.owner.id);
    const added = await knownUsers(
      deps,
      wanted.filter((hostId) => !current.has(hostId)),
      'body.hostIds',
    );
    const removed = [...current.keys()].filter((hostId) => !wanted.includes(hostId));
    changes.hosts = [
      ...podcast.hosts.filter((host) => wanted.includes(host.user.id)),
      ...added.map((host: UserRef) => ({ user: host, confirmed: false })),
    ];
    events.push(
      ...added.map((host) =>
        pendingEvent(hostInvited, id, { podcastId: id, userId: host.id, podcastName: name }),
      ),
      ...removed.map((hostId) =>
        pendingEvent(hostRemoved, id, { podcastId: id, userId: hostId, podcastName: name, byHost: false }),
      ),
    );
  }
  const next = { ...podcast, ...changes } as PodcastRecord;
  events.push(pendingEvent(podcastUpdated, id, { ...podcastState(next), featured: Boolean(next.featured) }));
  const updated = await deps.podcasts.change(id, changes, events);
  if (!updated) throw notFound('Podcast');
  await placePodcast(deps, updated);
  if (changes.status !== undefined && changes.status !== podcast.status) {
    await showVisibilityChanged(deps, id, updated.status === 'published');
  }
  return podcastView(updated);
}
