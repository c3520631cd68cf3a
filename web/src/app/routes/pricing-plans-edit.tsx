import { PLAN_LIMITS, type PricingPlan } from '@podz/proto';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { usePageParam } from '../../lib/use-page-param';
import { useUi } from '../../stores/ui-store';
import { useAllPlans, useMovePlan } from '../../features/pricing/api/plan-admin-api';
import { draftOf, PlanEditor, type PlanDraft } from '../../features/pricing/components/plan-editor';
import { PlanRow } from '../../features/pricing/components/plan-row';
import { PricingPreview } from '../../features/pricing/components/pricing-preview';

const PAGE_SIZE = 10;

/**
 * `/pricing-plans/edit` (editors, admins): every plan, inactive ones too, in the order `/pricing`
 * shows them; create, edit, reorder, switch on and off, delete, with a live preview of the public
 * page. The list is all plans at once (at most `PLAN_LIMITS.plans`), paged here by 10.
 */
export default function PricingPlansEditRoute() {
  const plans = useAllPlans();
  const move = useMovePlan();
  const [page, setPage] = usePageParam();
  const [editing, setEditing] = useState<{ plan?: PricingPlan; draft: PlanDraft }>();
  const showModal = useUi((state) => state.showModal);
  const items = plans.data?.items ?? [];
  const nextOrder = items.reduce((top, plan) => Math.max(top, plan.order + 1), 0);
  const full = items.length >= PLAN_LIMITS.plans;

  const edit = (plan?: PricingPlan) => {
    setEditing({ plan, draft: draftOf(plan) });
    window.scrollTo({ top: 0 });
  };
  const onMove = (plan: PricingPlan, by: -1 | 1) =>
    move.mutate(
      { plans: items, id: plan.id, by },
      { onError: (error) => showModal({ kind: 'error', title: 'Not moved', message: errorMessage(error) }) },
    );

  return (
    <>
      <PageHeading
        title="Pricing Plans"
        intro={
          <>
            Active plans are offered on{' '}
            <Link to={paths.pricing.href()} className="text-indigo-700 underline">
              /pricing
            </Link>{' '}
            in this order.
          </>
        }
        actions={
          <Button disabled={!plans.data || full || Boolean(editing)} onClick={() => edit()}>
            New plan
          </Button>
        }
      />
      {full && (
        <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The network has {PLAN_LIMITS.plans} plans, the most it may have: delete one to add another.
        </p>
      )}
      {editing && (
        <div className="mb-8">
          <PlanEditor
            key={editing.plan?.id ?? 'new'}
            plan={editing.plan}
            nextOrder={nextOrder}
            onChange={(draft) => setEditing({ ...editing, draft })}
            onDone={() => setEditing(undefined)}
          />
        </div>
      )}
      <QueryState
        query={plans}
        loadingLabel="Loading plans…"
        isEmpty={(data) => data.items.length === 0}
        empty="No plans yet."
      >
        {(data) => {
          const totalPages = Math.ceil(data.items.length / PAGE_SIZE);
          const shown = Math.min(page, totalPages);
          const first = (shown - 1) * PAGE_SIZE;
          return (
            <>
              <ul className="space-y-3" aria-label="Plans">
                {data.items.slice(first, first + PAGE_SIZE).map((plan, index) => (
                  <PlanRow
                    key={plan.id}
                    plan={plan}
                    first={first + index === 0}
                    last={first + index === data.items.length - 1}
                    busy={move.isPending}
                    onMove={(by) => onMove(plan, by)}
                    onEdit={() => edit(plan)}
                  />
                ))}
              </ul>
              <Pagination page={shown} totalPages={totalPages} onChange={setPage} />
            </>
          );
        }}
      </QueryState>
      {plans.data && (
        <PricingPreview
          plans={items}
          draft={editing && { ...editing, order: editing.plan?.order ?? nextOrder }}
        />
      )}
    </>
  );
}
