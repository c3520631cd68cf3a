import { REPORT_LINK_DAYS, type Campaign, type CampaignStatus } from '@podz/proto';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import {
  campaignCsvHref,
  useCampaign,
  useCampaignDeliveries,
  useDeleteCampaign,
  useReportLink,
  useUpdateCampaign,
} from '../../features/ads/api/campaigns-api';
import { CampaignForm } from '../../features/ads/components/campaign-form';
import { DeliveriesPanel } from '../../features/ads/components/deliveries-panel';
import { errorMessage } from '../../lib/api-client';
import { useUi } from '../../stores/ui-store';

const NEXT_STATUS: Record<CampaignStatus, { to: CampaignStatus; label: string }[]> = {
  draft: [{ to: 'live', label: 'Go live' }],
  live: [{ to: 'paused', label: 'Pause' }],
  paused: [
    { to: 'live', label: 'Resume' },
    { to: 'draft', label: 'Back to draft' },
  ],
};

/** A read-only link for the advertiser, made on demand and shown to copy. */
function ReportLinkBox({ campaignId }: { campaignId: string }) {
  const link = useReportLink();
  return (
    <section aria-labelledby="report-link" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="report-link" className="font-semibold text-slate-900">
        Advertiser's report
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A read-only link to these figures, for the advertiser: no account needed, it stops working after{' '}
        {REPORT_LINK_DAYS.default} days.
      </p>
      <Button
        className="mt-3"
        variant="secondary"
        disabled={link.isPending}
        onClick={() => link.mutate({ id: campaignId, days: REPORT_LINK_DAYS.default })}
      >
        Make a report link
      </Button>
      {link.error && <p className="mt-2 text-sm text-red-700">{errorMessage(link.error)}</p>}
      {link.data && (
        <p className="mt-3 text-sm">
          <a href={link.data.url} className="break-all text-indigo-700 underline" aria-label="Report link">
            {link.data.url}
          </a>
          <span className="block text-slate-600">
            Works until {new Date(link.data.expiresAt).toUTCString()}
          </span>
        </p>
      )}
    </section>
  );
}

function Console({ campaign }: { campaign: Campaign }) {
  const update = useUpdateCampaign();
  const remove = useDeleteCampaign();
  const deliveries = useCampaignDeliveries(campaign.id);
  const [editing, setEditing] = useState(false);
  const { toast, showModal, confirm } = useUi();
  const navigate = useNavigate();
  const setStatus = (status: CampaignStatus) =>
    update.mutate(
      { id: campaign.id, status },
      {
        onSuccess: () => toast(`Campaign ${status}`),
        onError: (error) => showModal({ kind: 'error', title: 'Not changed', message: errorMessage(error) }),
      },
    );
  const onDelete = async () => {
    if (!(await confirm({ title: 'Delete this campaign?', message: 'What it delivered stays counted.' })))
      return;
    remove.mutate(campaign.id, {
      onSuccess: () => navigate(paths.campaigns.href()),
      onError: (error) => showModal({ kind: 'error', title: 'Not deleted', message: errorMessage(error) }),
    });
  };
  return (
    <>
      <PageHeading
        title={campaign.name}
        intro={
          <>
            {campaign.advertiser} · {campaign.kind} · <span aria-label="Status">{campaign.status}</span> ·{' '}
            <Link to={paths.campaigns.href()} className="text-indigo-700 underline">
              All campaigns
            </Link>
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {NEXT_STATUS[campaign.status].map(({ to, label }) => (
              <Button key={to} disabled={update.isPending} onClick={() => setStatus(to)}>
                {label}
              </Button>
            ))}
            <Button variant="secondary" onClick={() => setEditing(!editing)}>
              {editing ? 'Close the form' : 'Edit'}
            </Button>
            <Button variant="danger" onClick={onDelete}>
              Delete
            </Button>
          </div>
        }
      />
      {editing && (
        <div className="mb-8">
          <CampaignForm
            campaign={campaign}
            saving={update.isPending}
            onCancel={() => setEditing(false)}
            onSave={async (body) => {
              await update.mutateAsync({ id: campaign.id, ...body });
              toast('Campaign saved');
              setEditing(false);
            }}
          />
        </div>
      )}
      <div className="grid gap-6">
        <QueryState query={deliveries} loadingLabel="Counting deliveries…">
          {(data) => <DeliveriesPanel data={data} csv={campaignCsvHref(campaign.id)} />}
        </QueryState>
        <ReportLinkBox campaignId={campaign.id} />
      </div>
    </>
  );
}

/** `/campaigns/{id}` (editors, admins): a campaign's console: status, fields, live deliveries, report link. */
export default function CampaignRoute() {
  const { id = '' } = useParams();
  const campaign = useCampaign(id);
  return (
    <QueryState query={campaign} loadingLabel="Loading the campaign…">
      {(data) => <Console campaign={data} />}
    </QueryState>
  );
}
