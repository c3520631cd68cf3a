import { notFound, pendingEvent } from '@podz/kit';
import { campaignDeleted } from '@podz/proto';
import type { AdsPorts } from './ads-ports';

/** `DELETE /api/ads/campaigns/{id}`: nothing more is decided for it; what it delivered stays counted. */
export async function deleteCampaign(
  deps: Pick<AdsPorts, 'campaigns' | 'logger'>,
  id: string,
): Promise<void> {
  const deleted = await deps.campaigns.markDeleted(id, [
    pendingEvent(campaignDeleted, id, { campaignId: id }),
  ]);
  if (!deleted) throw notFound('Campaign');
  deps.logger.info({ campaignId: id }, 'campaign deleted');
}
