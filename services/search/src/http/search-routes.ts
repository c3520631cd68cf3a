import express from 'express';
import { handle } from '@podz/kit';
import { searchQuerySchema } from '@podz/proto';
import type { SearchDeps } from '../domain/search-deps';
import { search } from '../domain/search';

/**
 * Search is public: what it finds is what any visitor may see; a signed-in caller also finds the
 * shows and episodes they manage that are not public (admins: all of them).
 */
export function searchRoutes(deps: SearchDeps): express.Router {
  const router = express.Router();
  router.get(
    '/api/search',
    handle({ query: searchQuerySchema }, ({ query, user }) =>
      search(deps, query, user ? { id: user.id, admin: user.access.includes('admin') } : undefined),
    ),
  );
  return router;
}
