import { conflict, notFound, pendingEvent } from '@podz/kit';
import { campaignSaved, type Campaign, type UpdateCampaignBody } from '@podz/proto';
import type { AdsPorts } from './ads-ports';
import { changedFields, checkLive, creativesOf } from './campaign-rules';
import { campaignState, campaignView } from './campaign-views';

/**
 * `PUT /api/ads/campaigns/{id}`: any field, and its status. A campaign going or staying live must
 * have what it plays and a goal (`checkLive`). Two saves of the same version: the second is 409.
 */
export async function updateCampaign(
  deps: Pick<AdsPorts, 'campaigns' | 'uploads' | 'logger'>,
  id: string,
  body: UpdateCampaignBody,
): Promise<Campaign> {
  const before = await deps.campaigns.findById(id);
  if (!before) throw notFound('Campaign');
  const changes = {
    ...changedFields(body),
    ...(body.creatives ? { creatives: await creativesOf(deps, body.creatives) } : {}),
    ...(body.status ? { status: body.status } : {}),
  };
  const after = { ...before, ...changes };
  if (after.status === 'live') checkLive(after);
  const updated = await deps.campaigns.update(before, changes, () => [
    pendingEvent(campaignSaved, id, campaignState(id, after)),
  ]);
  if (!updated) throw conflict('The campaign changed meanwhile; load it again and repeat your change');
  deps.logger.info({ campaignId: id, status: updated.status }, 'campaign saved');
  return campaignView(updated);
}
