import express from 'express';
import { handle, handleSignedIn, requireAuth, type RouteInput, type DirectRoutes } from '@podz/kit';
import { cachedRead } from './cached-read';
import {
  createEpisodeBodySchema,
  episodesByIdsQuerySchema,
  followedEpisodesQuerySchema,
  guestEpisodesQuerySchema,
  idParamsSchema,
  latestEpisodesQuerySchema,
  podcastEpisodesQuerySchema,
  previousEpisodesQuerySchema,
  updateEpisodeBodySchema,
} from '@podz/proto';
import type { CatalogDeps } from '../domain/catalog-deps';
import { createEpisode } from '../domain/episodes/create-episode';
import { deleteEpisode } from '../domain/episodes/delete-episode';
import { followedEpisodes } from '../domain/episodes/followed-episodes';
import { updateEpisode } from '../domain/episodes/update-episode';
import { episodeGuests, getEpisode, publicEpisodesByIds } from '../domain/episodes/read-episode';
import { guestAppearances } from '../domain/episodes/guest-appearances';
import { latestEpisodes } from '../domain/episodes/latest-episodes';
import { podcastEpisodes } from '../domain/episodes/podcast-episodes';
import { previousEpisodes } from '../domain/episodes/previous-episodes';
import { upcomingReleases } from '../domain/releases/upcoming-releases';

/** The episodes API (spec §7 Episodes) plus `POST /api/episodes` to add one. */
export function episodeRoutes(
  deps: Pick<
    CatalogDeps,
    | 'background'
    | 'episodes'
    | 'follows'
    | 'idempotency'
    | 'lists'
    | 'logger'
    | 'podcasts'
    | 'responses'
    | 'uploads'
    | 'users'
  >,
  direct: DirectRoutes,
): express.Router {
  const router = express.Router();
  const base = '/api/episodes';
  const everyone = { cache: deps.responses };
  // A signed-in caller may manage the show and see its drafts: answered fresh, not from the cache.
  const anonymous = { cache: deps.responses, shared: ({ user }: RouteInput<object>) => !user };

  direct.get(
    router,
    base,
    cachedRead({ query: latestEpisodesQuerySchema }, everyone, ({ query }) => latestEpisodes(deps, query)),
  );
  router.post(
    base,
    requireAuth,
    deps.idempotency,
    handleSignedIn({ body: createEpisodeBodySchema }, async ({ body, user }, _req, res) => {
      res.status(201);
      return createEpisode(deps, user, body);
    }),
  );
  direct.get(
    router,
    `${base}/public/guest-podcasts`,
    cachedRead({ query: guestEpisodesQuerySchema }, everyone, ({ query }) => guestAppearances(deps, query)),
  );
  direct.get(
    router,
    `${base}/podcast-episodes`,
    cachedRead({ query: podcastEpisodesQuerySchema }, anonymous, ({ query, user }) =>
      podcastEpisodes(deps, user, query),
    ),
  );
  router.get(
    `${base}/upcoming`,
    requireAuth,
    handleSignedIn({}, ({ user }) => upcomingReleases(deps, user)),
  );
  router.get(
    `${base}/followed`,
    requireAuth,
    handleSignedIn({ query: followedEpisodesQuerySchema }, ({ query, user }) =>
      followedEpisodes(deps, user, query),
    ),
  );
  // Uncached: each set of ids is asked once; the records behind it are cached one by one.
  router.get(
    `${base}/by-ids`,
    handle({ query: episodesByIdsQuerySchema }, ({ query }, _req, res) => {
      res.setHeader('cache-control', 'no-store');
      return publicEpisodesByIds(deps, query.ids);
    }),
  );
  direct.get(
    router,
    `${base}/:id`,
    cachedRead({ params: idParamsSchema }, anonymous, ({ params, user }) =>
      getEpisode(deps, user, params.id),
    ),
  );
  router.put(
    `${base}/:id`,
    requireAuth,
    handleSignedIn({ params: idParamsSchema, body: updateEpisodeBodySchema }, ({ params, body, user }) =>
      updateEpisode(deps, user, params.id, body),
    ),
  );
  router.delete(
    `${base}/:id`,
    requireAuth,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => deleteEpisode(deps, user, params.id)),
  );
  direct.get(
    router,
    `${base}/:id/prevEpisodes`,
    cachedRead(
      { params: idParamsSchema, query: previousEpisodesQuerySchema },
      anonymous,
      ({ params, query, user }) => previousEpisodes(deps, user, params.id, query.limit),
    ),
  );
  direct.get(
    router,
    `${base}/:id/guests`,
    cachedRead({ params: idParamsSchema }, anonymous, ({ params, user }) =>
      episodeGuests(deps, user, params.id),
    ),
  );
  return router;
}
