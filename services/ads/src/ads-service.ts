import { BackgroundJobs, ListKeeper, MediaUploads, RankedLists, startService } from '@podz/kit';
import { TOPICS } from '@podz/proto';
import type { AdsConfig } from './config';
import { campaignFamily } from './data/campaign-lists';
import { campaignModel } from './data/campaign-model';
import { CampaignRepository } from './data/campaign-repository';
import { adSettingsModel } from './data/settings-model';
import { AdSettingsRepository } from './data/settings-repository';
import type { AdsPorts } from './domain/ads-ports';
import { campaignRoutes } from './http/campaign-routes';
import { settingsRoutes } from './http/settings-routes';

/**
 * The ads service: campaigns (advertisers, creatives, flights, goals, targeting, caps) and the
 * network's insertion settings, each change an event that media's decisions are made from.
 */
export function startAds(config: AdsConfig) {
  return startService({
    name: 'ads',
    config,
    topics: [TOPICS.adsCampaign, TOPICS.adsSettings],
    setup: async ({ db, redis, relay, logger }) => {
      const campaigns = campaignModel(db);
      const settings = adSettingsModel(db);
      await Promise.all([campaigns.init(), settings.init()]);
      const lists = new ListKeeper(
        new RankedLists(redis, `ads:${db.name}:lists`),
        campaignFamily(campaigns),
        logger,
        new BackgroundJobs(logger),
      );
      const deps: AdsPorts = {
        campaigns: new CampaignRepository(campaigns, relay, lists),
        settings: new AdSettingsRepository(settings, relay),
        // A creative is never an episode's: asking does not hold its audio closed.
        uploads: new MediaUploads(config.MEDIA_URL, false),
        logger,
      };
      lists.ensureLater();
      return {
        routes: [campaignRoutes(deps), settingsRoutes(deps)],
        aggregates: [campaigns, settings],
      };
    },
  });
}
