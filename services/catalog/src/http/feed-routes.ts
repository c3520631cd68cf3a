import express from 'express';
import { handle } from '@podz/kit';
import { z } from 'zod';
import type { CatalogDeps } from '../domain/catalog-deps';
import { showFeed } from '../domain/show-feed';

const feedParams = z.object({ uId: z.string().regex(/^[a-z0-9-]{1,80}$/, { error: 'not a show name' }) });

/**
 * Feeds podcast apps poll: conditional GETs answer 304, so a poll that finds nothing new costs a
 * few bytes. Apps may cache for five minutes.
 */
export function feedRoutes(deps: CatalogDeps): express.Router {
  const router = express.Router();
  router.get(
    '/shows/:uId/feed.xml',
    handle({ params: feedParams }, async ({ params }, req, res) => {
      const feed = await showFeed(deps, params.uId);
      res.setHeader('etag', feed.etag);
      res.setHeader('last-modified', feed.lastModified.toUTCString());
      res.setHeader('cache-control', 'public, max-age=300');
      const since = req.get('if-modified-since');
      const fresh =
        req.get('if-none-match') === feed.etag ||
        (!req.get('if-none-match') &&
          since !== undefined &&
          Math.floor(feed.lastModified.getTime() / 1000) <= Math.floor(Date.parse(since) / 1000));
      if (fresh) {
        res.status(304).end();
        return;
      }
      res.type('application/rss+xml; charset=utf-8').send(feed.xml);
    }),
  );
  return router;
}
