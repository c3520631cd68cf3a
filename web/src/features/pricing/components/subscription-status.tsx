import type { Subscription } from '@podz/proto';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useUi } from '../../../stores/ui-store';
import { useCancelRenewal, useSubscription } from '../api/pricing-api';

const ENDED_BECAUSE: Record<NonNullable<Subscription['endedReason']>, string> = {
  cancelled: 'renewal was cancelled',
  'payment-failed': 'the renewal payments were declined',
  'plan-withdrawn': 'the plan is no longer offered',
  'plan-changed': 'the plan was changed',
  'account-deleted': 'the account was deleted',
};

function describe(sub: Subscription): string {
  const price = `${formatMoney(sub.amount, sub.currency)} a ${sub.interval}`;
  switch (sub.state) {
    case 'active':
      return `${sub.planName} renews on ${formatDate(sub.nextChargeAt)} at ${price}, charged to the saved PayPal account.`;
    case 'past_due':
      return `The last renewal of ${sub.planName} was declined. PayPal is tried again on ${formatDate(sub.nextChargeAt)}; the plan stays until then.`;
    case 'cancelled':
      return `${sub.planName} does not renew. It stays until ${formatDate(sub.paidThrough)}.`;
    case 'ended':
      return `${sub.planName} ended: ${ENDED_BECAUSE[sub.endedReason ?? 'cancelled']}.`;
  }
}

/**
 * A paid plan's subscription: when it renews (or ends), and the button that stops renewing. The
 * member's own on /settings; anyone's for an admin on /users.
 */
export function SubscriptionStatus({ userId }: { userId?: string }) {
  const subscription = useSubscription(userId);
  const cancel = useCancelRenewal(userId);
  const confirm = useUi((state) => state.confirm);
  const showModal = useUi((state) => state.showModal);

  const onCancel = async (sub: Subscription) => {
    const confirmed = await confirm({
      title: 'Cancel renewal?',
      message: `${sub.planName} will not be charged again. It stays until ${formatDate(sub.paidThrough)}, then the plan becomes Free.`,
      confirmLabel: 'Cancel renewal',
    });
    if (!confirmed) return;
    try {
      const answer = await cancel.mutateAsync();
      const until = answer.subscription ? formatDate(answer.subscription.paidThrough) : '';
      showModal({
        kind: 'success',
        title: 'Renewal cancelled',
        message: `${sub.planName} will not renew. It stays until ${until}.`,
      });
    } catch (error) {
      showModal({ kind: 'error', title: 'Renewal not cancelled', message: errorMessage(error) });
    }
  };

  return (
    <QueryState query={subscription} loadingLabel="Loading subscription…">
      {({ subscription: sub }) =>
        sub ? (
          <div
            aria-label="Subscription"
            data-subscription-state={sub.state}
            className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700"
          >
            <p>{describe(sub)}</p>
            {(sub.state === 'active' || sub.state === 'past_due') && (
              <Button variant="secondary" disabled={cancel.isPending} onClick={() => void onCancel(sub)}>
                Cancel renewal
              </Button>
            )}
          </div>
        ) : null
      }
    </QueryState>
  );
}
