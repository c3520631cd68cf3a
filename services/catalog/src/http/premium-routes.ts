import express from 'express';
import { clientAddress, handle, handleSignedIn, notModified, requireAuth } from '@podz/kit';
import {
  idParamsSchema,
  privateFeedChangeSchema,
  privateFeedParamsSchema,
  privateFeedsQuerySchema,
} from '@podz/proto';
import type { CatalogDeps } from '../domain/catalog-deps';
import {
  openPrivateFeed,
  premiumAccess,
  privateFeedsOf,
  resetPrivateFeed,
} from '../domain/feeds/premium-access';
import { premiumMembers, suspendPrivateFeed, teamResetPrivateFeed } from '../domain/feeds/premium-members';
import { privateFeed, type PrivateFeedPorts } from '../domain/feeds/private-feed';
import type { ListenRecorder } from '@podz/kit/listens';

const RSS = 'application/rss+xml; charset=utf-8';

/**
 * Premium listening (docs/payments.md, Premium): what a member may hear of a show, their private
 * feed and its reset, and the feed itself, which podcast apps read with no session (the token in
 * its path is the credential; the edge never keeps it: `private`). Its fetches count for the
 * show's feed followers and the audio it links to as downloads, like the public feed's.
 */
export function premiumRoutes(
  deps: PrivateFeedPorts & Pick<CatalogDeps, 'entitlements' | 'privateFeeds' | 'sharing' | 'users'>,
  listens: ListenRecorder,
): express.Router {
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
    '/api/podcasts/:id/premium-members',
    requireAuth,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => premiumMembers(deps, user, params.id)),
  );
  router.get(
    '/api/private-feeds',
    requireAuth,
    handleSignedIn({ query: privateFeedsQuerySchema }, ({ query, user }) =>
      privateFeedsOf(deps, user, query.userId),
    ),
  );
  router.patch(
    '/api/private-feeds/:id',
    requireAuth,
    handleSignedIn({ params: idParamsSchema, body: privateFeedChangeSchema }, ({ params, body, user }) =>
      suspendPrivateFeed(deps, user, params.id, body.suspended),
    ),
  );
  router.post(
    '/api/private-feeds/:id/reset',
    requireAuth,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) =>
      teamResetPrivateFeed(deps, user, params.id),
    ),
  );
  router.get(
    '/feeds/:token/feed.xml',
    listens.feed,
    handle({ params: privateFeedParamsSchema }, async ({ params }, req, res) => {
      const answer = await privateFeed(deps, params.token);
      res.setHeader('cache-control', 'private, no-cache');
      res.setHeader('x-robots-tag', 'noindex');
      if (answer.status === 410) {
        res.status(410).type(RSS).send(answer.body);
        return;
      }
      res.locals.feedShow = answer.uId;
      // Who fetched it, for the sharing flags: after the answer, never in its way.
      const fetched = {
        address: clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for']),
        userAgent: req.get('user-agent') ?? '',
      };
      res.on('finish', () => {
        deps.sharing
          .seen(answer.feed, fetched)
          .catch((err: unknown) => req.log?.warn({ err }, 'feed sharing not recorded'));
      });
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
