import express from 'express';
import { handle, handleSignedIn } from '@podz/kit';
import { pageParamsSchema, restorePageParamsSchema, savePageBodySchema } from '@podz/proto';
import type { ContentDeps } from '../domain/content-deps';
import { pageVersions, readPage } from '../domain/read-pages';
import { restorePage, savePage } from '../domain/publish-page';

/** Page content: read by anyone, written by editors and admins. */
export function pageRoutes(deps: ContentDeps): express.Router {
  const router = express.Router();
  const base = '/api/content/pages/:slug';

  router.get(
    base,
    handle({ params: pageParamsSchema }, ({ params }) => readPage(deps, params.slug)),
  );
  router.put(
    base,
    handleSignedIn({ params: pageParamsSchema, body: savePageBodySchema }, ({ params, body, user }) =>
      savePage(deps, user, params.slug, body),
    ),
  );
  router.get(
    `${base}/versions`,
    handle({ params: pageParamsSchema }, ({ params }) => pageVersions(deps, params.slug)),
  );
  router.post(
    `${base}/versions/:version/restore`,
    handleSignedIn({ params: restorePageParamsSchema }, ({ params, user }) =>
      restorePage(deps, user, params.slug, params.version),
    ),
  );
  return router;
}
