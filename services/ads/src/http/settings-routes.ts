import express from 'express';
import { handle } from '@podz/kit';
import { adSettingsBodySchema } from '@podz/proto';
import type { AdsPorts } from '../domain/ads-ports';
import { readAdSettings, saveAdSettings } from '../domain/ad-settings';

/** The network's insertion settings: read by anyone signed in (a show's form shows the default), set by admins. */
export function settingsRoutes(deps: AdsPorts): express.Router {
  const router = express.Router();
  router.get(
    '/api/ads/settings',
    handle({}, () => readAdSettings(deps)),
  );
  router.put(
    '/api/ads/settings',
    handle({ body: adSettingsBodySchema }, ({ body }) => saveAdSettings(deps, body)),
  );
  return router;
}
