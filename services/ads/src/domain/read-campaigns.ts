import { notFound } from '@podz/kit';
import { paginated, type Campaign, type Paginated } from '@podz/proto';
import type { AdsPorts } from './ads-ports';
import { campaignView } from './campaign-views';

/** `GET /api/ads/campaigns`: the console's list, newest first. */
export async function listCampaigns(
  deps: Pick<AdsPorts, 'campaigns'>,
  query: { page: number; limit: number },
): Promise<Paginated<Campaign>> {
  const { items, total } = await deps.campaigns.page(query.page, query.limit);
  return paginated(items.map(campaignView), total, query.page, query.limit);
}

/** `GET /api/ads/campaigns/{id}`. */
export async function readCampaign(deps: Pick<AdsPorts, 'campaigns'>, id: string): Promise<Campaign> {
  const campaign = await deps.campaigns.findById(id);
  if (!campaign) throw notFound('Campaign');
  return campaignView(campaign);
}
