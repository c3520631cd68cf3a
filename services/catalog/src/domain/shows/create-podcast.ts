import { conflict, forbidden, isAdmin, pendingEvent, sanitizeRichText, type AuthUser } from '@podz/kit';
import { hostInvited, NO_PREMIUM, podcastCreated } from '@podz/proto';
import type { CatalogDeps } from '../catalog-deps';
import { placePodcast } from './place-podcast';
import { checkPremiumPlans } from '../feeds/premium-rules';
import { knownUsers, uploadedMedia } from '../resolve-refs';
import { feedSettings, podcastView } from '../views';

import {
  checkPodroll,
  crewOf,
  DEFAULT_LOGO,
  feedGuidFor,
  showRelease,
  uniqueUId,
  type CreateBody,
} from './podcast-rules';

/** `POST /api/podcasts`: only owners (and admins) add shows directly (spec §6). */
export async function createPodcast(
  deps: Pick<
    CatalogDeps,
    'config' | 'lists' | 'logger' | 'plans' | 'podcasts' | 'responses' | 'uploads' | 'users'
  >,
  user: AuthUser,
  body: CreateBody,
) {
  if (!user.access.includes('owner') && !isAdmin(user)) {
    throw forbidden('Only podcasters can add shows; ask for owner access first');
  }
  const release = showRelease(body.status, body.publishAt);
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
  if (body.feed?.podroll) await checkPodroll(deps, null, body.feed.podroll);
  if (body.premium) await checkPremiumPlans(deps, body.premium.plans);
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
      ...release,
      featured: false,
      owner,
      hosts: hosts.map((host) => ({ user: host, confirmed: false })),
      crew: await crewOf(deps, body.crew),
      sourceFeedUrl: null,
      feedGuid: feedGuidFor(deps, uId),
      feed: feedSettings(undefined, body.feed),
      ...(body.premium ? { premium: body.premium } : {}),
      levelAudio: body.levelAudio,
      insertAds: body.insertAds,
    } as never,
    (id) => [
      pendingEvent(podcastCreated, id, {
        podcastId: id,
        uId,
        name: body.name,
        ownerId: owner.id,
        category: body.category,
        status: release.status as never,
        logoPath,
        premium: body.premium ?? NO_PREMIUM,
        // Hosts are invited at creation; none is confirmed yet.
        teamIds: [owner.id],
        levelAudio: body.levelAudio,
        insertAds: body.insertAds,
      }),
      ...hosts.map((host) =>
        pendingEvent(hostInvited, id, { podcastId: id, userId: host.id, podcastName: body.name }),
      ),
    ],
  );
  await placePodcast(deps, podcast);
  return podcastView(podcast);
}
