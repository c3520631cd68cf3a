import {
  PayPalButtons,
  SCRIPT_LOADING_STATE,
  usePayPalScriptReducer,
  DISPATCH_ACTION,
} from '@paypal/react-paypal-js';
import type { PricingPlan } from '@podz/proto';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session-store';
import { useUi } from '../../../stores/ui-store';
import { useChoosePlan } from '../api/pricing-api';
import { PlanCard } from './plan-card';

function scriptStatus(state: {
  isInitial: boolean;
  isPending: boolean;
  isRejected: boolean;
}): SCRIPT_LOADING_STATE {
  if (state.isInitial) return SCRIPT_LOADING_STATE.INITIAL;
  if (state.isPending) return SCRIPT_LOADING_STATE.PENDING;
  return state.isRejected ? SCRIPT_LOADING_STATE.REJECTED : SCRIPT_LOADING_STATE.RESOLVED;
}

/** What the payment loader's state (spec §4) means for the buyer. */
function PaymentStatus() {
  const [state] = usePayPalScriptReducer();
  const loadingStatus = scriptStatus(state);
  const text: Record<string, string> = {
    [SCRIPT_LOADING_STATE.INITIAL]: 'Preparing card payments…',
    [SCRIPT_LOADING_STATE.PENDING]: 'Loading card payments…',
    [SCRIPT_LOADING_STATE.RESOLVED]: '',
    [SCRIPT_LOADING_STATE.REJECTED]:
      'Card payments are unavailable right now. The free plan still works; please try a paid plan later.',
  };
  const message = text[loadingStatus];
  if (!message) return null;
  return (
    <p
      role="status"
      data-payment-state={loadingStatus}
      className="mb-6 rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-700"
    >
      {message}
    </p>
  );
}

function PlanAction({ plan }: { plan: PricingPlan }) {
  const user = useSession((state) => state.user);
  const refreshSession = useSession((state) => state.refresh);
  const choose = useChoosePlan(user?.id);
  const showModal = useUi((state) => state.showModal);
  const [{ isResolved }] = usePayPalScriptReducer();
  const current = user?.plan === plan.slug;

  const done = () =>
    choose.mutate(plan.slug, {
      onSuccess: () => {
        void refreshSession();
        showModal({ kind: 'success', title: 'Plan changed', message: `You are now on ${plan.name}.` });
      },
      onError: (error) =>
        showModal({ kind: 'error', title: 'Plan not changed', message: errorMessage(error) }),
    });

  if (!user) {
    return (
      <Link to={paths.register.href()} className={buttonClass('primary', 'w-full')}>
        Sign up to choose {plan.name}
      </Link>
    );
  }
  if (current) return <p className="text-center text-sm font-semibold text-emerald-700">Your current plan</p>;
  if (plan.price === 0) {
    return (
      <Button className="w-full" disabled={choose.isPending} onClick={done}>
        Choose {plan.name}
      </Button>
    );
  }
  // The buttons read the loader state themselves: disabled at opacity 0.38 while busy, hidden
  // when PayPal says the method is not eligible, absent until the script has loaded.
  if (!isResolved) return null;
  return (
    <PayPalButtons
      style={{ layout: 'vertical', label: 'subscribe' }}
      disabled={choose.isPending}
      forceReRender={[plan.id, plan.price]}
      createOrder={(_data, actions) =>
        actions.order.create({
          intent: 'CAPTURE',
          purchase_units: [
            {
              description: `PODZ ${plan.name}`,
              amount: { value: plan.price.toFixed(2), currency_code: plan.currency },
            },
          ],
        })
      }
      onApprove={async () => done()}
      onError={() =>
        showModal({
          kind: 'error',
          title: 'Payment failed',
          message: 'PayPal could not take the payment. Nothing was charged.',
        })
      }
    />
  );
}

export function PlanList({ plans }: { plans: PricingPlan[] }) {
  const [{ isInitial }, dispatch] = usePayPalScriptReducer();
  // The provider defers the script; this page is the one that needs it.
  useEffect(() => {
    if (isInitial) dispatch({ type: DISPATCH_ACTION.LOADING_STATUS, value: SCRIPT_LOADING_STATE.PENDING });
  }, [isInitial, dispatch]);

  return (
    <>
      <PaymentStatus />
      <ul className="grid gap-6 md:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} action={<PlanAction plan={plan} />} />
        ))}
      </ul>
    </>
  );
}
