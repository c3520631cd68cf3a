import { forbidden, isAdmin, type AuthUser } from '@podz/kit';
import type { ShowStatement, ShowStatementQuery } from '@podz/proto';
import type { AnalyticsDeps } from './analytics-deps';
import { readableShow } from './show-access';

/**
 * `GET /api/analytics/shows/{id}/statement?month`: what the ads delivered in a show's episodes in a
 * month earned, campaign by campaign (deliveries × CPM), and its owner's share (the network's
 * setting). Money is the owner's and the admins' business: its hosts see the figures, not this.
 */
export async function showStatement(
  deps: Pick<AnalyticsDeps, 'directory' | 'campaigns' | 'rollups' | 'now'>,
  user: AuthUser,
  showId: string,
  query: ShowStatementQuery,
): Promise<ShowStatement> {
  const show = await readableShow(deps, user, showId);
  if (show.ownerId !== user.id && !isAdmin(user))
    throw forbidden("Only the show's owner and admins see its statement");
  const month = query.month ?? deps.now().toISOString().slice(0, 7);
  const [sums, share] = await Promise.all([
    deps.rollups.breakdown(`as:${showId}`, [month], []),
    deps.campaigns.settings().then((settings) => settings.ownerSharePercent),
  ]);
  const delivered = new Map(
    [...sums].filter(([field]) => field.startsWith('g:')).map(([field, count]) => [field.slice(2), count]),
  );
  const known = await deps.campaigns.many([...delivered.keys()]);
  const campaigns = known
    .map((campaign) => {
      const deliveries = delivered.get(campaign.id) ?? 0;
      return {
        id: campaign.id,
        name: campaign.name,
        advertiser: campaign.advertiser,
        deliveries,
        cpmCents: campaign.cpmCents,
        grossCents: Math.round((deliveries * campaign.cpmCents) / 1000),
      };
    })
    .sort((a, b) => b.grossCents - a.grossCents || a.name.localeCompare(b.name));
  const grossCents = campaigns.reduce((sum, one) => sum + one.grossCents, 0);
  return {
    show: { id: show.id, name: show.name, uId: show.uId },
    month,
    ownerSharePercent: share,
    campaigns,
    deliveries: campaigns.reduce((sum, one) => sum + one.deliveries, 0),
    grossCents,
    ownerCents: Math.floor((grossCents * share) / 100),
  };
}
