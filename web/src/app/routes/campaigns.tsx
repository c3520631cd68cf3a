import type { Campaign } from '@podz/proto';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { useCampaigns, useCreateCampaign } from '../../features/ads/api/campaigns-api';
import { CampaignForm } from '../../features/ads/components/campaign-form';
import { InventoryForecastPanel } from '../../features/ads/components/inventory-forecast';
import { usePageParam } from '../../lib/use-page-param';
import { useUi } from '../../stores/ui-store';

const STATUS_STYLE = {
  draft: 'bg-slate-100 text-slate-800',
  live: 'bg-emerald-100 text-emerald-900',
  paused: 'bg-amber-100 text-amber-900',
} as const;

const flightOf = (campaign: Campaign) =>
  `${campaign.flight.startsAt.slice(0, 10)} to ${campaign.flight.endsAt.slice(0, 10)}`;

function CampaignRow({ campaign }: { campaign: Campaign }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div>
        <Link to={paths.campaign.href(campaign.id)} className="font-semibold text-indigo-700 underline">
          {campaign.name}
        </Link>
        <p className="text-sm text-slate-600">
          {campaign.advertiser} · {campaign.kind} · {flightOf(campaign)}
          {campaign.impressionGoal !== null && ` · goal ${campaign.impressionGoal.toLocaleString('en')}`}
        </p>
      </div>
      <span className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${STATUS_STYLE[campaign.status]}`}>
        {campaign.status}
      </span>
    </li>
  );
}

/**
 * `/campaigns` (editors, admins): the network's campaigns, newest first, and a new one. Each opens
 * its console (`/campaigns/{id}`): its fields, its status, its deliveries.
 */
export default function CampaignsRoute() {
  const [page, setPage] = usePageParam();
  const campaigns = useCampaigns(page);
  const create = useCreateCampaign();
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const toast = useUi((state) => state.toast);
  return (
    <>
      <PageHeading
        title="Campaigns"
        intro="Ads and promos inserted into episodes as listeners download them, counted by the IAB's rules."
        actions={
          <Button disabled={adding} onClick={() => setAdding(true)}>
            New campaign
          </Button>
        }
      />
      <InventoryForecastPanel />
      {adding && (
        <div className="mb-8">
          <CampaignForm
            saving={create.isPending}
            onCancel={() => setAdding(false)}
            onSave={async (body) => {
              const made = await create.mutateAsync(body);
              toast('Campaign created as a draft');
              navigate(paths.campaign.href(made.id));
            }}
          />
        </div>
      )}
      <QueryState
        query={campaigns}
        loadingLabel="Loading campaigns…"
        isEmpty={(data) => data.items.length === 0}
        empty="No campaigns yet. A campaign's creatives fill the breaks of the shows that carry ads."
      >
        {(data) => (
          <>
            <ul className="grid gap-3" aria-label="Campaigns">
              {data.items.map((campaign) => (
                <CampaignRow key={campaign.id} campaign={campaign} />
              ))}
            </ul>
            <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
