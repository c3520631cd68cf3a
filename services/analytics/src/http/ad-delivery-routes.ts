import express from 'express';
import { handle, handleSignedIn, notFound } from '@podz/kit';
import {
  analyticsRangeQuerySchema,
  inventoryQuerySchema,
  reportLinkBodySchema,
  reportTokenParamsSchema,
  showIdParamsSchema,
} from '@podz/proto';
import { campaignCsv } from '../domain/campaign-csv';
import { campaignFigures, type CampaignFiguresDeps } from '../domain/campaign-figures';
import { inventoryForecast } from '../domain/inventory-forecast';
import type { ReportLinks } from '../domain/report-links';

export interface AdDeliveryRouteDeps extends CampaignFiguresDeps {
  reportLinks: ReportLinks;
  /** The site a report link opens on. */
  publicOrigin: string;
}

/**
 * Ads delivered: each campaign's figures for those who run campaigns (the gateway admits editors
 * and admins), and the advertiser's read-only report by its signed, expiring link.
 */
export function adDeliveryRoutes(deps: AdDeliveryRouteDeps): express.Router {
  const router = express.Router();
  const campaign = { params: showIdParamsSchema, query: analyticsRangeQuerySchema };
  router.get(
    '/api/analytics/campaigns/:id',
    handleSignedIn(campaign, ({ params, query }) => campaignFigures(deps, params.id, query)),
  );
  router.get(
    '/api/analytics/campaigns/:id/export.csv',
    handleSignedIn(campaign, async ({ params, query }, _req, res) => {
      const { filename, body } = campaignCsv(await campaignFigures(deps, params.id, query));
      res.setHeader('content-type', 'text/csv; charset=utf-8');
      res.setHeader('content-disposition', `attachment; filename="${filename}"`);
      res.setHeader('cache-control', 'private, no-store');
      res.send(body);
    }),
  );
  router.get(
    '/api/analytics/inventory',
    handleSignedIn({ query: inventoryQuerySchema }, ({ query }) => inventoryForecast(deps, query)),
  );
  router.post(
    '/api/analytics/campaigns/:id/report-link',
    handleSignedIn({ params: showIdParamsSchema, body: reportLinkBodySchema }, async ({ params, body }) => {
      if (!(await deps.campaigns.get(params.id))) throw notFound('Campaign');
      const { token, expiresAt } = deps.reportLinks.token(params.id, body.days, deps.now());
      return {
        url: new URL(`/advertiser-report/${token}`, deps.publicOrigin).toString(),
        expiresAt: expiresAt.toISOString(),
      };
    }),
  );
  router.get(
    '/api/analytics/reports/:token',
    handle(
      { params: reportTokenParamsSchema, query: analyticsRangeQuerySchema },
      async ({ params, query }, _req, res) => {
        const campaignId = deps.reportLinks.read(params.token, deps.now());
        // Forged, altered and expired links alike: nothing says which.
        if (!campaignId) throw notFound('Report');
        res.setHeader('cache-control', 'private, no-store');
        return campaignFigures(deps, campaignId, query);
      },
    ),
  );
  return router;
}
