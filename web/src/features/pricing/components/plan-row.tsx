import { DEFAULT_PLAN, type PricingPlan } from '@podz/proto';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useUi } from '../../../stores/ui-store';
import { useDeletePlan, useUpdatePlan } from '../api/plan-admin-api';
import { planPrice } from './plan-card';

const limitText = (value: number | null, unit = '') => (value === null ? 'unlimited' : `${value}${unit}`);

/**
 * One plan in the console: what it offers and its state, with the actions on it. The free plan
 * shows why it cannot be switched off or deleted instead of offering those.
 */
export function PlanRow({
  plan,
  first,
  last,
  busy,
  onMove,
  onEdit,
}: {
  plan: PricingPlan;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
}) {
  const update = useUpdatePlan();
  const remove = useDeletePlan();
  const confirm = useUi((state) => state.confirm);
  const showModal = useUi((state) => state.showModal);
  const isFree = plan.slug === DEFAULT_PLAN;
  const working = busy || update.isPending || remove.isPending;

  const toggle = () =>
    update.mutate(
      { id: plan.id, active: !plan.active },
      {
        onSuccess: (saved) =>
          showModal({
            kind: 'success',
            title: saved.active ? 'Plan activated' : 'Plan deactivated',
            message: saved.active
              ? `${saved.name} is offered on /pricing again.`
              : `${saved.name} is no longer offered on /pricing. Members already on it keep it.`,
          }),
        onError: (error) => showModal({ kind: 'error', title: 'Not changed', message: errorMessage(error) }),
      },
    );
  const onDelete = async () => {
    const confirmed = await confirm({
      title: 'Delete plan?',
      message: `${plan.name} (${plan.slug}) will be deleted and its ID freed. Members already on it keep it until they change plan.`,
    });
    if (!confirmed) return;
    // Awaited: the list refreshes without this row before per-call callbacks could run.
    try {
      await remove.mutateAsync(plan.id);
      showModal({ kind: 'success', title: 'Plan deleted', message: `${plan.name} is gone.` });
    } catch (error) {
      showModal({ kind: 'error', title: 'Not deleted', message: errorMessage(error) });
    }
  };

  return (
    <li aria-label={plan.name} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {plan.name} <span className="font-mono text-sm font-normal text-slate-600">{plan.slug}</span>
          </p>
          <p className="text-sm text-slate-700">{planPrice(plan)}</p>
          <p className="mt-1 text-xs text-slate-600">
            Shows {limitText(plan.limits.shows)} · episodes per show {limitText(plan.limits.episodesPerShow)}{' '}
            · storage {limitText(plan.limits.storageMb, ' MB')} · {plan.features.length}{' '}
            {plan.features.length === 1 ? 'feature' : 'features'}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${plan.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}
        >
          {plan.active ? 'Active' : 'Inactive'}
        </span>
      </div>
      {isFree && (
        <p className="mt-2 text-sm text-slate-600">
          Every new member starts on this plan, so it is always active and cannot be deleted.
        </p>
      )}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button
          variant="ghost"
          aria-label={`Move ${plan.name} up`}
          disabled={working || first}
          onClick={() => onMove(-1)}
        >
          ↑ Up
        </Button>
        <Button
          variant="ghost"
          aria-label={`Move ${plan.name} down`}
          disabled={working || last}
          onClick={() => onMove(1)}
        >
          ↓ Down
        </Button>
        {!isFree && (
          <>
            <Button variant="ghost" disabled={working} onClick={() => void onDelete()}>
              Delete
            </Button>
            <Button variant="secondary" disabled={working} onClick={toggle}>
              {plan.active ? 'Deactivate' : 'Activate'}
            </Button>
          </>
        )}
        <Button variant="secondary" disabled={working} onClick={onEdit}>
          Edit
        </Button>
      </div>
    </li>
  );
}
