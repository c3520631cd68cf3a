import express from 'express';
import { handle, handleSignedIn } from '@podz/kit';
import { docParamsSchema, previewDocBodySchema, saveDocBodySchema } from '@podz/proto';
import type { ContentDeps } from '../domain/content-deps';
import { deleteDoc } from '../domain/delete-doc';
import { listDocs, readDoc } from '../domain/read-docs';
import { previewDoc } from '../domain/preview-doc';
import { saveDoc } from '../domain/save-doc';

/** Documentation pages: admins only, reading included. */
export function docRoutes(deps: ContentDeps): express.Router {
  const router = express.Router();
  const base = '/api/docs';

  router.get(
    base,
    handle({}, () => listDocs(deps)),
  );
  router.post(
    `${base}/preview`,
    handle({ body: previewDocBodySchema }, ({ body }) => previewDoc(body.markdown)),
  );
  router.get(
    `${base}/:slug`,
    handle({ params: docParamsSchema }, ({ params }) => readDoc(deps, params.slug)),
  );
  router.put(
    `${base}/:slug`,
    handleSignedIn({ params: docParamsSchema, body: saveDocBodySchema }, ({ params, body, user }) =>
      saveDoc(deps, user, params.slug, body),
    ),
  );
  router.delete(
    `${base}/:slug`,
    handle({ params: docParamsSchema }, ({ params }) => deleteDoc(deps, params.slug)),
  );
  return router;
}
