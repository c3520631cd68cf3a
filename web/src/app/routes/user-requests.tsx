import { capitalize } from '../../lib/format';
import { REQUEST_ROLES, REQUEST_STATUSES } from '@podz/proto';
import { SelectField } from '../../components/ui/field';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { oneOf, useFilterParams } from '../../lib/use-filter-params';
import { usePageParam } from '../../lib/use-page-param';
import { useRequestPage } from '../../features/requests/api/review-requests-api';
import { RequestReviewCard, ROLE_LABEL } from '../../features/requests/components/request-review-card';

const ANY = 'any';
const STATUS_OPTIONS = [
  ...REQUEST_STATUSES.map((status) => ({ value: status, label: capitalize(status) })),
  { value: ANY, label: 'All' },
];
const ROLE_OPTIONS = [
  { value: ANY, label: 'All' },
  ...REQUEST_ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] })),
];

/**
 * `/users/requests` (admin): access requests to review, pending ones first (the default filter),
 * newest first within a filter; filters and page live in the URL so a view can be linked to.
 */
export default function UserRequestsRoute() {
  const { params, setFilter } = useFilterParams();
  const [page, setPage] = usePageParam();
  // Pending unless the URL says otherwise (`status=any` for every request).
  const status = oneOf(params.get('status') ?? 'pending', REQUEST_STATUSES);
  const role = oneOf(params.get('role'), REQUEST_ROLES);
  const requests = useRequestPage({ status, role, page });

  return (
    <>
      <PageHeading title="User Requests" intro="Requests to become a podcaster or a guest." />
      <div className="mb-6 grid max-w-xl grid-cols-2 gap-4">
        <SelectField
          label="Status"
          value={status ?? ANY}
          options={STATUS_OPTIONS}
          onChange={(event) => setFilter('status', event.target.value)}
        />
        <SelectField
          label="Role"
          value={role ?? ANY}
          options={ROLE_OPTIONS}
          onChange={(event) => setFilter('role', event.target.value)}
        />
      </div>
      <QueryState
        query={requests}
        loadingLabel="Loading requests…"
        isEmpty={(data) => data.items.length === 0}
        empty={
          status === 'pending' ? 'No requests are waiting for a review.' : 'No requests match these filters.'
        }
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {data.total} {data.total === 1 ? 'request' : 'requests'}
            </p>
            <ul className="space-y-4">
              {data.items.map((request) => (
                <RequestReviewCard key={request.id} request={request} />
              ))}
            </ul>
            <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
