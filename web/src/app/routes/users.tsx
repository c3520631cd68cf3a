import { USER_TYPES, type FullUser, type UserType } from '@podz/proto';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { AnySelect, SelectField, TextField } from '../../components/ui/field';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { oneOf, useFilterParams, useSearchTerm } from '../../lib/use-filter-params';
import { usePageParam } from '../../lib/use-page-param';
import { useAllPlans } from '../../features/pricing/api/plan-admin-api';
import { useUserPage } from '../../features/users/api/users-admin-api';
import { UserEditor } from '../../features/users/components/user-editor';
import { UserRow } from '../../features/users/components/user-row';
import { MemberPremium } from '../../features/premium/components/member-premium';
import { PaymentHistory } from '../../features/pricing/components/payment-history';
import { SubscriptionStatus } from '../../features/pricing/components/subscription-status';

const TYPE_LABEL: Record<UserType, string> = {
  admin: 'Admins',
  editor: 'Editors',
  crew: 'Crew (admins and editors)',
  user: 'Members',
  owner: 'Podcasters',
  host: 'Hosts',
  guest: 'Guests',
};

/**
 * `/users` (admin): every account, by username or email prefix, type and plan (in the URL, so a
 * view can be linked to), ten to a page; create, edit, change plan and delete.
 */
/**
 * A member's subscription, payments and premium listening (plan, private feeds), shown in their row
 * (features meet here, in the route).
 */
const billingOf = (user: FullUser) => (
  <>
    <div className="mb-3">
      <SubscriptionStatus userId={user.id} />
    </div>
    <PaymentHistory userId={user.id} label={`Payments of ${user.username}`} />
    <div className="mt-3">
      <MemberPremium userId={user.id} username={user.username} />
    </div>
  </>
);

export default function UsersRoute() {
  const { params, setFilter } = useFilterParams();
  const [page, setPage] = usePageParam();
  const [editing, setEditing] = useState<{ user?: FullUser }>();
  const searchBy = params.get('by') === 'email' ? 'email' : 'username';
  const userType = oneOf(params.get('type'), USER_TYPES);
  const plan = params.get('plan') || undefined;
  const { search, term, onSearch } = useSearchTerm(params, setFilter);
  const byEmail = searchBy === 'email' && term !== '';
  const plans = useAllPlans();
  const users = useUserPage({
    search: term,
    searchBy,
    // An email search covers everyone (identity keeps one list by address).
    userType: byEmail ? undefined : userType,
    plan: byEmail ? undefined : plan,
    page,
  });

  const edit = (user?: FullUser) => {
    setEditing({ user });
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageHeading
        title="Users"
        intro="Everyone on the network."
        actions={
          <Button disabled={Boolean(editing)} onClick={() => edit()}>
            New user
          </Button>
        }
      />
      {editing && (
        <UserEditor
          key={editing.user?.id ?? 'new'}
          user={editing.user}
          plans={plans.data?.items ?? []}
          onDone={() => setEditing(undefined)}
        />
      )}
      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Search"
          type="search"
          value={search}
          placeholder={searchBy === 'email' ? 'Start of the address' : 'Start of the username'}
          onChange={(event) => onSearch(event.target.value)}
        />
        <SelectField
          label="Search by"
          value={searchBy}
          options={[
            { value: 'username', label: 'Username' },
            { value: 'email', label: 'Email' },
          ]}
          onChange={(event) => setFilter('by', event.target.value === 'email' ? 'email' : undefined)}
        />
        <AnySelect
          label="Type"
          anyLabel="Everyone"
          value={userType}
          disabled={byEmail}
          options={USER_TYPES.map((type) => ({ value: type, label: TYPE_LABEL[type] }))}
          onChange={(value) => setFilter('type', value)}
        />
        <AnySelect
          label="Plan"
          anyLabel="Any plan"
          value={plan}
          disabled={byEmail}
          options={(plans.data?.items ?? []).map((option) => ({ value: option.slug, label: option.name }))}
          onChange={(value) => setFilter('plan', value)}
        />
      </div>
      {byEmail && (userType || plan) && (
        <p className="mb-4 text-sm text-slate-600">
          An email search covers everyone: type and plan are set aside.
        </p>
      )}
      <QueryState
        query={users}
        loadingLabel="Loading users…"
        isEmpty={(data) => data.items.length === 0}
        empty={term ? `Nobody’s ${searchBy} starts with “${term}”.` : 'No users match these filters.'}
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {data.total} {data.total === 1 ? 'user' : 'users'}
            </p>
            <ul className="space-y-3" aria-label="Users">
              {data.items.map((user) => (
                <UserRow key={user.id} user={user} onEdit={() => edit(user)} billing={billingOf} />
              ))}
            </ul>
            <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
