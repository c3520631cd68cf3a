import express from 'express';
import { handleSignedIn, requireAuth, type RouteInput, type DirectRoutes } from '@podz/kit';
import { cachedRead } from './cached-read';
import {
  allPodcastsQuerySchema,
  createPodcastBodySchema,
  followQuerySchema,
  hostAnswerBodySchema,
  idParamsSchema,
  leaveHostBodySchema,
  managePodcastsQuerySchema,
  nameParamsSchema,
  podcastByNameQuerySchema,
  podcastListQuerySchema,
  rssImportBodySchema,
  updatePodcastBodySchema,
  userPodcastsQuerySchema,
} from '@podz/proto';
import type { CatalogDeps } from '../domain/catalog-deps';
import { followPodcast } from '../domain/follows/follow-podcast';
import { followState } from '../domain/follows/follow-state';
import { followedPodcast, followedPodcasts } from '../domain/follows/followed-podcasts';
import { answerInvitation, leaveShow } from '../domain/shows/hosts';
import { importFromFeed } from '../domain/feeds/import-from-feed';
import { createPodcast } from '../domain/shows/create-podcast';
import { deletePodcast } from '../domain/shows/delete-podcast';
import { updatePodcast } from '../domain/shows/update-podcast';
import { allPodcasts } from '../domain/shows/list-podcasts';
import { getPodcast, getPodcastByName } from '../domain/shows/read-podcast';
import { managePodcasts } from '../domain/shows/manage-podcasts';
import { myHostPodcasts, myPodcasts } from '../domain/shows/my-podcasts';
import { publicHostPodcastsOf, publicPodcastsOf } from '../domain/shows/podcasts-of-user';

/** The podcasts API (spec §7 Podcasts). Literal paths come before `/:id`. */
export function podcastRoutes(
  deps: Pick<
    CatalogDeps,
    | 'background'
    | 'config'
    | 'episodes'
    | 'follows'
    | 'idempotency'
    | 'lists'
    | 'logger'
    | 'plans'
    | 'podcasts'
    | 'responses'
    | 'uploads'
    | 'users'
  >,
  direct: DirectRoutes,
): express.Router {
  const router = express.Router();
  const base = '/api/podcasts';
  const everyone = { cache: deps.responses };
  // A signed-in caller may manage the show and see it unpublished: answered fresh, not from the cache.
  const anonymous = { cache: deps.responses, shared: ({ user }: RouteInput<object>) => !user };

  direct.get(
    router,
    `${base}/public`,
    cachedRead({ query: userPodcastsQuerySchema }, everyone, ({ query }) => publicPodcastsOf(deps, query)),
  );
  direct.get(
    router,
    `${base}/public/host-podcasts`,
    cachedRead({ query: userPodcastsQuerySchema }, everyone, ({ query }) =>
      publicHostPodcastsOf(deps, query),
    ),
  );
  direct.get(
    router,
    `${base}/all-podcasts`,
    cachedRead({ query: allPodcastsQuerySchema }, everyone, ({ query }) => allPodcasts(deps, query)),
  );
  router.post(
    `${base}/all-podcasts`,
    requireAuth,
    handleSignedIn({ query: managePodcastsQuerySchema }, ({ query, user }) =>
      managePodcasts(deps, user, query),
    ),
  );
  router.post(
    `${base}/rss-link`,
    requireAuth,
    handleSignedIn({ body: rssImportBodySchema }, async ({ body, user }, _req, res) => {
      res.status(201);
      return importFromFeed(deps, user, body);
    }),
  );
  router.get(
    `${base}/host-podcasts`,
    requireAuth,
    handleSignedIn({ query: podcastListQuerySchema }, ({ query, user }) => myHostPodcasts(deps, user, query)),
  );
  router.put(
    `${base}/host-podcasts`,
    requireAuth,
    handleSignedIn({ body: hostAnswerBodySchema }, ({ body, user }) =>
      answerInvitation(deps, user, body.podcastId, body.status),
    ),
  );
  router.patch(
    `${base}/host-podcasts`,
    requireAuth,
    handleSignedIn({ body: leaveHostBodySchema }, ({ body, user }) => leaveShow(deps, user, body.podcastId)),
  );
  router.get(
    `${base}/followed`,
    requireAuth,
    handleSignedIn({ query: podcastListQuerySchema }, ({ query, user }) =>
      followedPodcasts(deps, user, query),
    ),
  );
  router.get(
    `${base}/followed/:id`,
    requireAuth,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => followedPodcast(deps, user, params.id)),
  );
  direct.get(
    router,
    `${base}/name/:name`,
    cachedRead(
      { params: nameParamsSchema, query: podcastByNameQuerySchema },
      anonymous,
      ({ params, query, user }) =>
        getPodcastByName(deps, user, params.name, { withEpisodes: query.episodes === true }),
    ),
  );

  router.get(
    base,
    requireAuth,
    handleSignedIn({ query: podcastListQuerySchema }, ({ query, user }) => myPodcasts(deps, user, query)),
  );
  router.post(
    base,
    requireAuth,
    deps.idempotency,
    handleSignedIn({ body: createPodcastBodySchema }, async ({ body, user }, _req, res) => {
      res.status(201);
      return createPodcast(deps, user, body);
    }),
  );
  direct.get(
    router,
    `${base}/:id`,
    cachedRead({ params: idParamsSchema }, anonymous, ({ params, user }) =>
      getPodcast(deps, user, params.id),
    ),
  );
  router.put(
    `${base}/:id`,
    requireAuth,
    handleSignedIn({ params: idParamsSchema, body: updatePodcastBodySchema }, ({ params, body, user }) =>
      updatePodcast(deps, user, params.id, body),
    ),
  );
  router.delete(
    `${base}/:id`,
    requireAuth,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => deletePodcast(deps, user, params.id)),
  );
  router.get(
    `${base}/:id/follow`,
    requireAuth,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => followState(deps, user, params.id)),
  );
  router.patch(
    `${base}/:id/follow`,
    requireAuth,
    handleSignedIn({ params: idParamsSchema, query: followQuerySchema }, ({ params, query, user }) =>
      followPodcast(deps, user, params.id, !query.unfollow),
    ),
  );
  return router;
}
