import express from 'express';
import { handle, requireAuth } from '@podz/kit';
import {
  createEpisodeBodySchema,
  guestEpisodesQuerySchema,
  idParamsSchema,
  latestEpisodesQuerySchema,
  podcastEpisodesQuerySchema,
  previousEpisodesQuerySchema,
  updateEpisodeBodySchema,
} from '@podz/proto';
import type { CatalogDeps } from '../domain/catalog-deps';
import { createEpisode, deleteEpisode, updateEpisode } from '../domain/episodes';
import {
  episodeGuests,
  getEpisode,
  guestAppearances,
  latestEpisodes,
  podcastEpisodes,
  previousEpisodes,
} from '../domain/read-episodes';

/** The episodes API (spec §7 Episodes) plus `POST /api/episodes` to add one. */
export function episodeRoutes(deps: CatalogDeps): express.Router {
  const router = express.Router();
  const base = '/api/episodes';

  router.get(
    base,
    handle({ query: latestEpisodesQuerySchema }, ({ query }) => latestEpisodes(deps, query)),
  );
  router.post(
    base,
    requireAuth,
    deps.idempotency,
    handle({ body: createEpisodeBodySchema }, async ({ body, user }, _req, res) => {
      res.status(201);
      return createEpisode(deps, user!, body);
    }),
  );
  router.get(
    `${base}/public/guest-podcasts`,
    handle({ query: guestEpisodesQuerySchema }, ({ query }) => guestAppearances(deps, query)),
  );
  router.get(
    `${base}/podcast-episodes`,
    handle({ query: podcastEpisodesQuerySchema }, ({ query, user }) => podcastEpisodes(deps, user, query)),
  );
  router.get(
    `${base}/:id`,
    handle({ params: idParamsSchema }, ({ params, user }) => getEpisode(deps, user, params.id)),
  );
  router.put(
    `${base}/:id`,
    requireAuth,
    handle({ params: idParamsSchema, body: updateEpisodeBodySchema }, ({ params, body, user }) =>
      updateEpisode(deps, user!, params.id, body),
    ),
  );
  router.delete(
    `${base}/:id`,
    requireAuth,
    handle({ params: idParamsSchema }, ({ params, user }) => deleteEpisode(deps, user!, params.id)),
  );
  router.get(
    `${base}/:id/prevEpisodes`,
    handle({ params: idParamsSchema, query: previousEpisodesQuerySchema }, ({ params, query, user }) =>
      previousEpisodes(deps, user, params.id, query.limit),
    ),
  );
  router.get(
    `${base}/:id/guests`,
    handle({ params: idParamsSchema }, ({ params, user }) => episodeGuests(deps, user, params.id)),
  );
  return router;
}
