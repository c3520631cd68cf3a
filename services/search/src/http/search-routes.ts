import express from 'express';
import { handle } from '@podz/kit';
import { searchQuerySchema } from '@podz/proto';

/** Within the 2 s a change has to become searchable. */
const SHARED_FOR_A_SECOND = 'public, max-age=0, s-maxage=1';
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
    handle({ query: searchQuerySchema }, ({ query, user }, _req, res) => {
      // A visitor's answer is everyone's: the gateway's edge may keep it a second (popular words
      // typed by many at once); a signed-in caller's may hold their drafts and is kept nowhere.
      res.setHeader('cache-control', user ? 'private, no-store' : SHARED_FOR_A_SECOND);
      return search(deps, query, user ? { id: user.id, admin: user.access.includes('admin') } : undefined);
    }),
  );
  return router;
}
