import express from 'express';
import { handle } from '@podz/kit';
import { dailyStatsQuerySchema } from '@podz/proto';
import type { AnalyticsDeps } from '../domain/analytics-deps';
import { dailyStats } from '../domain/read-stats';

/** The network's figures over time: admins only. */
export function statsRoutes(deps: AnalyticsDeps): express.Router {
  const router = express.Router();
  router.get(
    '/api/stats/daily',
    handle({ query: dailyStatsQuerySchema }, ({ query }) => dailyStats(deps, query.days)),
  );
  return router;
}
