import express from 'express';
import { handle, handleSignedIn } from '@podz/kit';
import {
  analyticsCsvQuerySchema,
  analyticsRangeQuerySchema,
  showAnalyticsQuerySchema,
  playBeaconBodySchema,
  showIdParamsSchema,
  showStatementQuerySchema,
} from '@podz/proto';
import type { PlayCountsStore } from '../data/play-counts';
import type { AnalyticsDeps } from '../domain/analytics-deps';
import { recordPlay, showPlays } from '../domain/confirmed-plays';
import { episodeFigures } from '../domain/episode-figures';
import { episodesTable } from '../domain/episodes-table';
import { exportCsv } from '../domain/export-csv';
import { networkAudience } from '../domain/network-audience';
import { networkFigures } from '../domain/network-figures';
import { showFigures } from '../domain/show-figures';
import { showStatement } from '../domain/show-statement';

/** Download figures: a show's for its owner and hosts, everything for admins; confirmed plays. */
export function analyticsRoutes(deps: AnalyticsDeps & { plays: PlayCountsStore }): express.Router {
  const router = express.Router();
  const range = { params: showIdParamsSchema, query: analyticsRangeQuerySchema };

  // Public, and the same for everyone: shared caches may keep it a few minutes.
  router.get(
    '/api/analytics/audience',
    handle({}, async (_input, _req, res) => {
      res.setHeader('cache-control', 'public, max-age=300, s-maxage=60');
      return networkAudience(deps);
    }),
  );
  // A player's beacon: anyone, signed in or not, with nothing to answer.
  router.post(
    '/api/analytics/plays',
    handle({ body: playBeaconBodySchema }, ({ body }) => recordPlay(deps, body)),
  );
  router.get(
    '/api/analytics/shows/:id/plays',
    handleSignedIn(range, ({ params, query, user }) => showPlays(deps, user, params.id, query)),
  );
  router.get(
    '/api/analytics/network',
    handle({ query: analyticsRangeQuerySchema }, ({ query }) => networkFigures(deps, query)),
  );
  router.get(
    '/api/analytics/shows/:id',
    handleSignedIn(
      { params: showIdParamsSchema, query: showAnalyticsQuerySchema },
      ({ params, query, user }) => showFigures(deps, user, params.id, query),
    ),
  );
  router.get(
    '/api/analytics/shows/:id/episodes',
    handleSignedIn({ params: showIdParamsSchema }, ({ params, user }) =>
      episodesTable(deps, user, params.id),
    ),
  );
  router.get(
    '/api/analytics/shows/:id/export.csv',
    handleSignedIn(
      { params: showIdParamsSchema, query: analyticsCsvQuerySchema },
      async ({ params, query, user }, _req, res) => {
        const { filename, body } = await exportCsv(deps, user, params.id, query.table, query);
        res.setHeader('content-type', 'text/csv; charset=utf-8');
        res.setHeader('content-disposition', `attachment; filename="${filename}"`);
        res.setHeader('cache-control', 'private, no-store');
        res.send(body);
      },
    ),
  );
  router.get(
    '/api/analytics/shows/:id/statement',
    handleSignedIn(
      { params: showIdParamsSchema, query: showStatementQuerySchema },
      ({ params, query, user }) => showStatement(deps, user, params.id, query),
    ),
  );
  router.get(
    '/api/analytics/episodes/:id',
    handleSignedIn(range, ({ params, query, user }) => episodeFigures(deps, user, params.id, query)),
  );
  return router;
}
