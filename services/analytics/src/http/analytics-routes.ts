import express from 'express';
import { handle, handleSignedIn } from '@podz/kit';
import {
  analyticsCsvQuerySchema,
  analyticsRangeQuerySchema,
  showAnalyticsQuerySchema,
  showIdParamsSchema,
} from '@podz/proto';
import type { AnalyticsDeps } from '../domain/analytics-deps';
import { episodeFigures } from '../domain/episode-figures';
import { episodesTable } from '../domain/episodes-table';
import { exportCsv } from '../domain/export-csv';
import { networkFigures } from '../domain/network-figures';
import { showFigures } from '../domain/show-figures';

/** Download figures: a show's for its owner and hosts, everything for admins. */
export function analyticsRoutes(deps: AnalyticsDeps): express.Router {
  const router = express.Router();
  const range = { params: showIdParamsSchema, query: analyticsRangeQuerySchema };

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
    '/api/analytics/episodes/:id',
    handleSignedIn(range, ({ params, query, user }) => episodeFigures(deps, user, params.id, query)),
  );
  return router;
}
