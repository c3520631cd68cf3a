import express from 'express';
import { handle, handleSignedIn, notModified, requireAuth } from '@podz/kit';
import { idParamsSchema, privateFeedParamsSchema } from '@podz/proto';
import type { CatalogDeps } from '../domain/catalog-deps';
import { myPrivateFeeds, openPrivateFeed, premiumAccess, resetPrivateFeed } from '../domain/premium-access';
import { privateFeed } from '../domain/private-feed';

const RSS = 'application/rss+xml; charset=utf-8';

/**
 * Premium listening (docs/payments.md, Premium): what a member may hear of a show, their private
 * feed and its reset, and the feed itself, which podcast apps read with no session (the token in
 * its path is the credential; the edge never keeps it: `private`). The audio a private feed
 * links to is counted by the media route like any other download.
 */
export function premiumRoutes(deps: CatalogDeps): express.Router {
  const router = express.Router();
  router.get(
    '/api/podcasts/:id/premium',
    requireAuth,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => premiumAccess(deps, user, params.id)),
  );
  router.post(
    '/api/podcasts/:id/private-feed',
    requireAuth,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => openPrivateFeed(deps, user, params.id)),
  );
  router.post(
    '/api/podcasts/:id/private-feed/reset',
    requireAuth,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => resetPrivateFeed(deps, user, params.id)),
  );
  router.get(
    '/api/private-feeds',
    requireAuth,
    handleSignedIn({}, ({ user }) => myPrivateFeeds(deps, user)),
  );
  router.get(
    '/feeds/:token/feed.xml',
    handle({ params: privateFeedParamsSchema }, async ({ params }, req, res) => {
      const answer = await privateFeed(deps, params.token);
      res.setHeader('cache-control', 'private, no-cache');
      res.setHeader('x-robots-tag', 'noindex');
      if (answer.status === 410) {
        res.status(410).type(RSS).send(answer.body);
        return;
      }
      res.setHeader('etag', answer.etag);
      res.setHeader('last-modified', answer.lastModified.toUTCString());
      if (notModified(req.headers, answer)) {
        res.status(304).end();
        return;
      }
      res.type(RSS).send(answer.body);
    }),
  );
  return router;
}
