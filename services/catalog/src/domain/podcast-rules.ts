import { isAdmin, type AuthUser, present } from '@podz/kit';
import type { z } from 'zod';
import type { createPodcastBodySchema, updatePodcastBodySchema } from '@podz/proto';
import type { PodcastRecord } from '../data/catalog-models';
import type { CatalogDeps } from './catalog-deps';
import { knownUsers } from './resolve-refs';

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

/** What a show's events say of it. */
export const podcastState = (podcast: PodcastRecord) => ({
  podcastId: podcast._id.toHexString(),
  uId: podcast.uId,
  name: podcast.name,
  ownerId: podcast.owner.id,
  category: podcast.category as never,
  status: podcast.status as never,
  logoPath: podcast.logoPath,
});

export type CreateBody = z.infer<typeof createPodcastBodySchema>;
export type UpdateBody = z.infer<typeof updatePodcastBodySchema>;

/** The crew as credited: each named user, known to the directory, with their role. */
export async function crewOf(deps: CatalogDeps, crew: { userId: string; role: string }[]) {
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
