import {
  conflict,
  forbidden,
  isAdmin,
  notFound,
  pendingEvent,
  sanitizeRichText,
  type AuthUser,
  present,
} from '@podz/kit';
import {
  hostInvited,
  hostRemoved,
  podcastCreated,
  podcastDeleted,
  podcastUpdated,
  type UserRef,
} from '@podz/proto';
import type { z } from 'zod';
import type { createPodcastBodySchema, updatePodcastBodySchema } from '@podz/proto';
import type { PodcastRecord } from '../data/catalog-models';
import type { CatalogDeps } from './catalog-deps';
import { dropPodcast, placePodcast, syncShowEpisodes } from './listings';
import { moveUses, NO_USES } from './media-uses';
import { knownUsers, uploadedMedia } from './resolve-refs';
import { podcastView } from './views';

export const DEFAULT_LOGO = '/images/default-podcast.svg';

/** The URL name of a show: lowercase words joined by dashes, unique (a number added when taken). */
export async function uniqueUId(deps: CatalogDeps, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'show';
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await deps.podcasts.uIdTaken(candidate))) return candidate;
  }
}

export const canManage = (user: AuthUser | undefined, podcast: PodcastRecord) =>
  Boolean(user && (isAdmin(user) || podcast.owner.id === user.id));

/** Who may see a show that is not published: its owner, its hosts and admins. */
export const canSeeUnpublished = (user: AuthUser | undefined, podcast: PodcastRecord) =>
  canManage(user, podcast) || Boolean(user && podcast.hosts.some((host) => host.user.id === user.id));

const stateOf = (podcast: PodcastRecord) => ({
  podcastId: podcast._id.toHexString(),
  uId: podcast.uId,
  name: podcast.name,
  ownerId: podcast.owner.id,
  category: podcast.category as never,
  status: podcast.status as never,
  logoPath: podcast.logoPath,
});

type CreateBody = z.infer<typeof createPodcastBodySchema>;
type UpdateBody = z.infer<typeof updatePodcastBodySchema>;

async function crewOf(deps: CatalogDeps, crew: { userId: string; role: string }[]) {
  const users = await knownUsers(
    deps,
    crew.map((credit) => credit.userId),
    'body.crew',
  );
  const byId = new Map(users.map((user) => [user.id, user]));
  // knownUsers refused any id it did not find, so every credit has its user.
  return crew.map((credit) => ({
    user: present(byId.get(credit.userId), `user ${credit.userId}`),
    role: credit.role,
  }));
}

/** `POST /api/podcasts`: only owners (and admins) add shows directly (spec §6). */
export async function createPodcast(deps: CatalogDeps, user: AuthUser, body: CreateBody) {
  if (!user.access.includes('owner') && !isAdmin(user)) {
    throw forbidden('Only podcasters can add shows; ask for owner access first');
  }
  if (await deps.podcasts.nameTaken(body.name)) throw conflict('A show with this name already exists');
  const owner = await deps.users.caller(user);
  const hosts = await knownUsers(
    deps,
    body.hostIds.filter((id) => id !== user.id),
    'body.hostIds',
  );
  const logoPath = body.logoId
    ? (await uploadedMedia(deps, user, body.logoId, 'image', 'logoId')).url
    : DEFAULT_LOGO;
  const uId = await uniqueUId(deps, body.name);
  const podcast = await deps.podcasts.create(
    {
      uId,
      name: body.name,
      nameKey: body.name.trim().toLowerCase(),
      description: sanitizeRichText(body.description),
      logoPath,
      category: body.category,
      language: body.language,
      explicit: body.explicit,
      status: body.status,
      featured: false,
      owner,
      hosts: hosts.map((host) => ({ user: host, confirmed: false })),
      crew: await crewOf(deps, body.crew),
      sourceFeedUrl: null,
    } as never,
    (id) => [
      pendingEvent(podcastCreated, id, {
        podcastId: id,
        uId,
        name: body.name,
        ownerId: owner.id,
        category: body.category,
        status: body.status,
        logoPath,
      }),
      ...hosts.map((host) =>
        pendingEvent(hostInvited, id, { podcastId: id, userId: host.id, podcastName: body.name }),
      ),
    ],
  );
  await placePodcast(deps, podcast);
  const podcastId = podcast._id.toHexString();
  await moveUses(deps, podcastId, NO_USES, {
    urls: [logoPath],
    use: { kind: 'show', name: body.name, podcastId },
  });
  return podcastView(podcast);
}

/** `PUT /api/podcasts/{id}`: the owner or an admin. New hosts are invited; dropped hosts removed. */
export async function updatePodcast(deps: CatalogDeps, user: AuthUser, id: string, body: UpdateBody) {
  const podcast = await deps.podcasts.findById(id);
  if (!podcast) throw notFound('Podcast');
  if (!canManage(user, podcast)) throw forbidden('Only the show’s owner or an admin can change it');
  if (body.featured !== undefined && !isAdmin(user)) throw forbidden('Only admins choose featured shows');
  const changes: Record<string, unknown> = {};
  if (body.name !== undefined && body.name !== podcast.name) {
    if (await deps.podcasts.nameTaken(body.name, id)) throw conflict('A show with this name already exists');
    changes.name = body.name;
    changes.nameKey = body.name.trim().toLowerCase();
  }
  if (body.description !== undefined) changes.description = sanitizeRichText(body.description);
  for (const field of ['category', 'language', 'explicit', 'status', 'featured'] as const) {
    if (body[field] !== undefined) changes[field] = body[field];
  }
  if (body.logoId) changes.logoPath = (await uploadedMedia(deps, user, body.logoId, 'image', 'logoId')).url;
  if (body.crew) changes.crew = await crewOf(deps, body.crew);

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
  events.push(pendingEvent(podcastUpdated, id, { ...stateOf(next), featured: Boolean(next.featured) }));
  const updated = await deps.podcasts.change(id, changes, events);
  if (!updated) throw notFound('Podcast');
  await placePodcast(deps, updated);
  await moveUses(
    deps,
    id,
    { urls: [podcast.logoPath], use: { kind: 'show', name: podcast.name, podcastId: id } },
    { urls: [updated.logoPath], use: { kind: 'show', name: updated.name, podcastId: id } },
  );
  if (changes.status !== undefined && changes.status !== podcast.status) {
    await deps.episodes.setShowPublished(id, updated.status === 'published');
    await syncShowEpisodes(deps, id);
  }
  return podcastView(updated);
}

/** `DELETE /api/podcasts/{id}`: the owner or an admin; its episodes and follows go with it. */
export async function deletePodcast(deps: CatalogDeps, user: AuthUser, id: string) {
  const podcast = await deps.podcasts.findById(id);
  if (!podcast) throw notFound('Podcast');
  if (!canManage(user, podcast)) throw forbidden('Only the show’s owner or an admin can delete it');
  await removePodcast(deps, podcast);
}

/** Deletes a show with everything that hangs off it (also when its owner's account goes). */
export async function removePodcast(deps: CatalogDeps, podcast: PodcastRecord) {
  const id = podcast._id.toHexString();
  const episodeIds = await deps.episodes.idsOfPodcast(id);
  await deps.podcasts.markDeleted(id, [
    pendingEvent(podcastDeleted, id, { podcastId: id, ownerId: podcast.owner.id, episodeIds }),
  ]);
  // The files it used are free again (the episodes are read before they go).
  const episodes = await deps.episodes.findByIds(episodeIds);
  await deps.episodes.deleteOfPodcast(id);
  await deps.follows.removeAllOfPodcast(id);
  await moveUses(deps, id, { urls: [podcast.logoPath], use: null }, NO_USES);
  for (const episode of episodes) {
    await moveUses(
      deps,
      episode._id.toHexString(),
      { urls: [episode.audio?.url, episode.image], use: null },
      NO_USES,
    );
  }
  await dropPodcast(deps, id, episodeIds);
  deps.logger.info({ podcastId: id, episodes: episodeIds.length }, 'podcast deleted');
}
