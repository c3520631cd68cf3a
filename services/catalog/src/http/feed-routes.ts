import express from 'express';
import type { DirectRoutes } from '@podz/kit';
import { cachedRead } from './cached-read';
import { z } from 'zod';
import { oembedQuerySchema } from '@podz/proto';
import type { CatalogDeps } from '../domain/catalog-deps';
import { oembedFor } from '../domain/feeds/oembed';
import { showFeed } from '../domain/feeds/show-feed';
import type { ListenRecorder } from '@podz/kit/listens';

const feedParams = z.object({ uId: z.string().regex(/^[a-z0-9-]{1,80}$/, { error: 'not a show name' }) });

/**
 * Feeds podcast apps poll: rendered once per change (the response cache), and conditional GETs
 * (`If-None-Match`, `If-Modified-Since`) answer 304, so a poll that finds nothing new costs a few
 * bytes. Apps may cache for five minutes; shared caches (the gateway's edge) for a second, so a feed
 * polled by many at once costs one render and one recorded fetch a second: fetches answered by the
 * edge are not recorded (the feed-follower figures are an estimate; docs/analytics.md).
 */
export function feedRoutes(
  deps: Pick<
    CatalogDeps,
    'background' | 'config' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'
  >,
  listens: ListenRecorder,
  direct: DirectRoutes,
): express.Router {
  const router = express.Router();
  router.get(
    '/shows/:uId/feed.xml',
    listens.feed,
    cachedRead(
      { params: feedParams },
      {
        cache: deps.responses,
        cacheControl: 'public, max-age=300, s-maxage=1',
        render: (feed: Awaited<ReturnType<typeof showFeed>>) => ({
          body: feed.xml,
          type: 'application/rss+xml; charset=utf-8',
          lastModified: feed.lastModified,
          ...(feed.movedTo ? { movedTo: feed.movedTo } : {}),
        }),
      },
      ({ params }) => showFeed(deps, params.uId),
    ),
  );
  // What a CMS or a chat asks to unfurl a PODZ link into the player (docs/api.md, Embeds).
  direct.get(
    router,
    '/oembed',
    cachedRead({ query: oembedQuerySchema }, { cache: deps.responses }, ({ query }) =>
      oembedFor(deps, query),
    ),
  );
  return router;
}
