import { badRequest, forbidden, isAdmin, notFound, type AuthUser, present } from '@podz/kit';
import type { z } from 'zod';
import type { createPodcastBodySchema, updatePodcastBodySchema } from '@podz/proto';
import { levelsAudio } from '@podz/proto';
import { podcastGuid } from '../../rss/podcast-guid';
import type { PodcastRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { releaseStatus } from '../releases/release-rules';
import { showPremium, teamOf } from '../feeds/premium-rules';
import { knownUsers } from '../resolve-refs';
import { feedPath } from '../views';

export const DEFAULT_LOGO = '/images/default-podcast.svg';

/** The URL name of a show: lowercase words joined by dashes, unique (a number added when taken). */
export async function uniqueUId(deps: Pick<CatalogDeps, 'podcasts'>, name: string): Promise<string> {
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
/** The show by id when `may` lets the caller act on it: 404 when there is none, 403 with `refusal` otherwise. */
export async function showAllowing(
  deps: Pick<CatalogDeps, 'podcasts'>,
  id: string,
  may: (podcast: PodcastRecord) => boolean,
  refusal: string,
): Promise<PodcastRecord> {
  const podcast = await deps.podcasts.findById(id);
  if (!podcast) throw notFound('Podcast');
  if (!may(podcast)) throw forbidden(refusal);
  return podcast;
}

export const canSeeUnpublished = (user: AuthUser | undefined, podcast: PodcastRecord) =>
  canManage(user, podcast) || Boolean(user && podcast.hosts.some((host) => host.user.id === user.id));

/** What a show's events say of it. */
export const podcastState = (podcast: PodcastRecord) => ({
  podcastId: podcast.id,
  uId: podcast.uId,
  name: podcast.name,
  ownerId: podcast.owner.id,
  category: podcast.category as never,
  status: podcast.status as never,
  logoPath: podcast.logoPath,
  premium: showPremium(podcast),
  teamIds: teamOf(podcast),
  levelAudio: levelsAudio(podcast),
  insertAds: podcast.insertAds ?? null,
});

/**
 * A show's status with its release moment: `scheduled` (or `published` for a time still to come)
 * keeps `publishAt`, any other status clears it. `given` is the time in the request; `held`, the one
 * stored, counts only for a show staying scheduled (`published` alone means now).
 */
export function showRelease(
  status: string,
  given: string | undefined,
  held?: Date | null,
): { status: string; publishAt: Date | null } {
  const at = given !== undefined ? new Date(given) : status === 'scheduled' ? (held ?? null) : null;
  const stored = releaseStatus(status, at, 'publishAt');
  return { status: stored, publishAt: stored === 'scheduled' ? at : null };
}

export type CreateBody = z.infer<typeof createPodcastBodySchema>;
export type UpdateBody = z.infer<typeof updatePodcastBodySchema>;

/** The crew as credited: each named user, known to the directory, with their role. */
export async function crewOf(deps: Pick<CatalogDeps, 'users'>, crew: { userId: string; role: string }[]) {
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

/** `podcast:guid` of a new show: the UUIDv5 of its feed's URL, kept from then on. */
export const feedGuidFor = (deps: Pick<CatalogDeps, 'config'>, uId: string) =>
  podcastGuid(`${deps.config.PUBLIC_ORIGIN.replace(/\/$/, '')}${feedPath(uId)}`);

/** A podroll names other published shows of the network, each once. */
export async function checkPodroll(
  deps: Pick<CatalogDeps, 'podcasts'>,
  selfId: string | null,
  ids: string[],
): Promise<void> {
  const shows = await deps.podcasts.findByIds([...new Set(ids)]);
  const published = new Set(shows.filter((show) => show.status === 'published').map((show) => show.id));
  const problems = ids.flatMap((id, index) => {
    const path = `feed.podroll.${index}`;
    if (id === selfId) return [{ path, message: 'a show cannot recommend itself' }];
    if (ids.indexOf(id) !== index) return [{ path, message: 'is named twice' }];
    return published.has(id) ? [] : [{ path, message: 'is not a published show of this network' }];
  });
  if (problems.length) throw badRequest('The podroll names shows it cannot', problems);
}
