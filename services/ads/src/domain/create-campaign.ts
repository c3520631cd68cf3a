import { pendingEvent, type AuthUser } from '@podz/kit';
import { campaignSaved, type Campaign, type CreateCampaignBody } from '@podz/proto';
import type { AdsPorts } from './ads-ports';
import { creativesOf, newFields } from './campaign-rules';
import { campaignState, campaignView } from './campaign-views';

/** `POST /api/ads/campaigns`: a new campaign, a draft until it is set live. */
export async function createCampaign(
  deps: Pick<AdsPorts, 'campaigns' | 'uploads' | 'logger'>,
  user: AuthUser,
  body: CreateCampaignBody,
): Promise<Campaign> {
  const fields = newFields(body, await creativesOf(deps, body.creatives));
  const created = await deps.campaigns.create({ ...fields, createdBy: user.id }, (id) => [
    pendingEvent(campaignSaved, id, campaignState(id, { ...fields, status: 'draft' })),
  ]);
  deps.logger.info({ campaignId: created.id }, 'campaign created');
  return campaignView(created);
}
