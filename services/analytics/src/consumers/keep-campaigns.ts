import { on, type Subscription } from '@podz/kit';
import { adSettingsChanged, campaignDeleted, campaignSaved } from '@podz/proto';
import type { CampaignDirectory } from '../data/campaign-directory';

/**
 * The ads service's campaigns become what delivery reports name and pace against; its settings,
 * the owners' share that statements pay.
 */
export function keepCampaigns(campaigns: CampaignDirectory): Subscription[] {
  return [
    on(campaignSaved, ({ data }) =>
      campaigns.put({
        id: data.campaignId,
        name: data.name,
        advertiser: data.advertiser,
        kind: data.kind,
        impressionGoal: data.impressionGoal,
        cpmCents: data.cpmCents,
        flight: data.flight,
        creativeIds: data.creativeIds,
        status: data.status,
        targeting: data.targeting,
      }),
    ),
    on(campaignDeleted, ({ data }) => campaigns.deleted(data.campaignId)),
    on(adSettingsChanged, ({ data }) => campaigns.putSettings(data)),
  ];
}
