import { on, type Subscription } from '@podz/kit';
import { adSettingsChanged, campaignDeleted, campaignSaved } from '@podz/proto';
import type { CampaignCopies } from '../data/campaign-copies';

/**
 * Media's copy of campaigns and the network's insertion settings, from `ads.campaign.v1` and
 * `ads.settings.v1`: each event states the whole, set by key, so the group keeps no handled-event
 * records.
 */
export function adsCopySubscriptions(copies: CampaignCopies): Subscription[] {
  return [
    on(campaignSaved, async ({ data }) => {
      const { campaignId, name: _name, advertiser: _advertiser, cpmCents: _cpm, flight, ...fields } = data;
      await copies.save({
        ...fields,
        id: campaignId,
        flight: { startsAt: new Date(flight.startsAt), endsAt: new Date(flight.endsAt) },
      });
    }),
    on(campaignDeleted, ({ data }) => copies.remove(data.campaignId)),
    on(adSettingsChanged, ({ data }) => copies.saveSettings(data)),
  ];
}
