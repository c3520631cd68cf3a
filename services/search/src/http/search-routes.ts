import express from 'express';
import { handle } from '@podz/kit';
import { searchQuerySchema } from '@podz/proto';
import type { SearchDeps } from '../domain/search-deps';
import { search } from '../domain/search';

/** Search is public: what it finds is only what any visitor may see. */
export function searchRoutes(deps: SearchDeps): express.Router {
  const router = express.Router();
  router.get(
    '/api/search',
    handle({ query: searchQuerySchema }, ({ query }) => search(deps, query)),
  );
  return router;
}
