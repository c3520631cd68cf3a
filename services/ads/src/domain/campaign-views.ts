import type { Campaign, CampaignStatus, EventData, campaignSaved } from '@podz/proto';
import type { CampaignRecord } from '../data/campaign-model';
import type { CampaignFields } from '../data/campaign-repository';

const iso = (date: Date | string) => new Date(date).toISOString();

/** What the console and the events both say of a campaign. */
function campaignFields(campaign: CampaignFields & { status: CampaignStatus }) {
  return {
    name: campaign.name,
    advertiser: campaign.advertiser,
    advertiserCategory: campaign.advertiserCategory,
    kind: campaign.kind,
    promotesPodcastId: campaign.promotesPodcastId ?? null,
    positions: campaign.positions,
    flight: { startsAt: iso(campaign.flight.startsAt), endsAt: iso(campaign.flight.endsAt) },
    impressionGoal: campaign.impressionGoal ?? null,
    cpmCents: campaign.cpmCents,
    targeting: campaign.targeting,
    caps: { perDay: campaign.caps.perDay ?? null, perWeek: campaign.caps.perWeek ?? null },
    status: campaign.status,
  };
}

/** A campaign as the console shows it. */
export function campaignView(record: CampaignRecord): Campaign {
  return {
    id: record.id,
    ...campaignFields(record),
    creatives: record.creatives.map((creative) => ({
      uploadId: creative.uploadId,
      name: creative.name,
      url: creative.url,
      durationSeconds: creative.durationSeconds,
    })),
    createdBy: record.createdBy,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

/** What a campaign's events say of it: everything media's decisions read. */
export function campaignState(
  id: string,
  campaign: CampaignFields & { status: CampaignStatus },
): EventData<typeof campaignSaved> {
  return {
    campaignId: id,
    ...campaignFields(campaign),
    creativeIds: campaign.creatives.map((creative) => creative.uploadId),
  };
}
