import express from 'express';
import { handle, handleSignedIn } from '@podz/kit';
import {
  campaignListQuerySchema,
  createCampaignBodySchema,
  idParamsSchema,
  updateCampaignBodySchema,
} from '@podz/proto';
import type { AdsPorts } from '../domain/ads-ports';
import { createCampaign } from '../domain/create-campaign';
import { deleteCampaign } from '../domain/delete-campaign';
import { listCampaigns, readCampaign } from '../domain/read-campaigns';
import { updateCampaign } from '../domain/update-campaign';

/** Campaigns, run by editors and admins (the route table says who). */
export function campaignRoutes(deps: AdsPorts): express.Router {
  const router = express.Router();
  const base = '/api/ads/campaigns';

  router.get(
    base,
    handle({ query: campaignListQuerySchema }, ({ query }) => listCampaigns(deps, query)),
  );
  router.post(
    base,
    handleSignedIn({ body: createCampaignBodySchema }, async ({ body, user }, _req, res) => {
      res.status(201);
      return createCampaign(deps, user, body);
    }),
  );
  router.get(
    `${base}/:id`,
    handle({ params: idParamsSchema }, ({ params }) => readCampaign(deps, params.id)),
  );
  router.put(
    `${base}/:id`,
    handle({ params: idParamsSchema, body: updateCampaignBodySchema }, ({ params, body }) =>
      updateCampaign(deps, params.id, body),
    ),
  );
  router.delete(
    `${base}/:id`,
    handle({ params: idParamsSchema }, ({ params }) => deleteCampaign(deps, params.id)),
  );
  return router;
}
