import { useParams } from 'react-router-dom';
import { PageHeading } from '../../components/ui/page-heading';
import { QueryState } from '../../components/ui/query-state';
import { useAdvertiserReport } from '../../features/ads/api/campaigns-api';
import { DeliveriesPanel } from '../../features/ads/components/deliveries-panel';

/**
 * `/advertiser-report/{token}` (anyone with the link, until it expires): one campaign's deliveries,
 * read-only, as the network's console shows them.
 */
export default function AdvertiserReportRoute() {
  const { token = '' } = useParams();
  const report = useAdvertiserReport(token);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <QueryState query={report} loadingLabel="Loading the report…">
        {(data) => (
          <>
            <PageHeading
              title={`${data.campaign.name}: delivery report`}
              intro={`${data.campaign.advertiser} · flight ${data.campaign.flight.startsAt.slice(0, 10)} to ${data.campaign.flight.endsAt.slice(0, 10)}`}
            />
            <DeliveriesPanel data={data} />
          </>
        )}
      </QueryState>
    </div>
  );
}
