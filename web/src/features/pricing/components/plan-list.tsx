import {
  DISPATCH_ACTION,
  PayPalButtons,
  SCRIPT_LOADING_STATE,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js';
import type { BillingConfig, Payment, PricingPlan } from '@podz/proto';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../stores/session-store';
import { useUi } from '../../../stores/ui-store';
import { captureOrder, createOrder, useBillingConfig, useChooseFreePlan } from '../api/pricing-api';
import { PlanCard } from './plan-card';
import { PAYPAL_OPTIONS } from './paypal-provider';
import { queryKeys } from '../../../lib/query-keys';

type PaymentState = SCRIPT_LOADING_STATE | 'checking' | 'not-configured';

function scriptStatus(state: { isInitial: boolean; isPending: boolean; isRejected: boolean }) {
  if (state.isInitial) return SCRIPT_LOADING_STATE.INITIAL;
  if (state.isPending) return SCRIPT_LOADING_STATE.PENDING;
  return state.isRejected ? SCRIPT_LOADING_STATE.REJECTED : SCRIPT_LOADING_STATE.RESOLVED;
}

const STATUS_TEXT: Record<PaymentState, string> = {
  checking: 'Preparing card payments…',
  'not-configured': 'Card payments are not configured on this network yet. The free plan works as always.',
  [SCRIPT_LOADING_STATE.INITIAL]: 'Preparing card payments…',
  [SCRIPT_LOADING_STATE.PENDING]: 'Loading card payments…',
  [SCRIPT_LOADING_STATE.RESOLVED]: '',
  [SCRIPT_LOADING_STATE.REJECTED]:
    'Card payments are unavailable right now. The free plan still works; please try a paid plan later.',
};

/** What the payment loader's state (spec §4) means for the buyer. */
function PaymentStatus({ state }: { state: PaymentState }) {
  const message = STATUS_TEXT[state];
  if (!message) return null;
  return (
    <p
      role="status"
      data-payment-state={state}
      className="mb-6 rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-700"
    >
      {message}
    </p>
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The buttons of one paid plan. PODZ's API makes the order at the plan's price (`createOrder`)
 * and captures it once the buyer approved (`onApprove`); the plan itself changes when identity
 * hears of the verified payment, so the page waits for the session to show it.
 */
function PaidPlanButtons({ plan }: { plan: PricingPlan }) {
  const refreshSession = useSession((state) => state.refresh);
  const showModal = useUi((state) => state.showModal);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Why the order could not be made, for onError (PayPal reports only that createOrder threw).
  const failure = useRef<unknown>(undefined);

  const settled = async (payment: Payment) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.billing.all });
    if (payment.state !== 'completed') {
      showModal({
        kind: 'success',
        title: 'Payment received',
        message: `PayPal is still confirming your payment. You move to ${plan.name} as soon as it does.`,
      });
      return;
    }
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await refreshSession();
      if (useSession.getState().user?.plan === plan.slug) break;
      await sleep(500);
    }
    const moved = useSession.getState().user?.plan === plan.slug;
    showModal({
      kind: 'success',
      title: 'Thank you!',
      message: moved
        ? `You are now on ${plan.name}.`
        : `Your payment went through. You move to ${plan.name} in a moment.`,
    });
  };

  return (
    <PayPalButtons
      style={{ layout: 'vertical', label: 'subscribe' }}
      disabled={busy}
      forceReRender={[plan.id, plan.price]}
      createOrder={async () => {
        failure.current = undefined;
        try {
          return await createOrder(plan.slug);
        } catch (error) {
          failure.current = error;
          throw error;
        }
      }}
      onApprove={async (data) => {
        setBusy(true);
        try {
          await settled(await captureOrder(data.orderID));
        } catch (error) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.billing.paymentsAll });
          showModal({ kind: 'error', title: 'Payment not completed', message: errorMessage(error) });
        } finally {
          setBusy(false);
        }
      }}
      onError={() =>
        showModal({
          kind: 'error',
          title: 'Payment failed',
          message: failure.current
            ? errorMessage(failure.current)
            : 'PayPal could not take the payment. Nothing was charged.',
        })
      }
    />
  );
}

function PlanAction({
  plan,
  payments,
  current,
}: {
  plan: PricingPlan;
  payments: PaymentState;
  /** The plan the member is on, when it is one of these. */
  current: PricingPlan | undefined;
}) {
  const user = useSession((state) => state.user);
  const refreshSession = useSession((state) => state.refresh);
  const choose = useChooseFreePlan(user?.id);
  const showModal = useUi((state) => state.showModal);
  const confirm = useUi((state) => state.confirm);

  if (!user) {
    return (
      <Link to={paths.register.href()} className={buttonClass('primary', 'w-full')}>
        Sign up to choose {plan.name}
      </Link>
    );
  }
  if (user.plan === plan.slug) {
    return <p className="text-center text-sm font-semibold text-emerald-700">Your current plan</p>;
  }
  if (plan.price === 0) {
    const choosePlan = async () => {
      // Leaving a paid plan now ends its subscription now: say so before it happens.
      if (current && current.price > 0) {
        const confirmed = await confirm({
          title: `Move to ${plan.name} now?`,
          message: `${current.name} ends today and will not renew; the rest of its period is not refunded. To keep it until the period ends, cancel its renewal in Settings instead.`,
          confirmLabel: `Move to ${plan.name}`,
        });
        if (!confirmed) return;
      }
      choose.mutate(plan.slug, {
        onSuccess: () => {
          void refreshSession();
          showModal({ kind: 'success', title: 'Plan changed', message: `You are now on ${plan.name}.` });
        },
        onError: (error) =>
          showModal({ kind: 'error', title: 'Plan not changed', message: errorMessage(error) }),
      });
    };
    return (
      <Button className="w-full" disabled={choose.isPending} onClick={() => void choosePlan()}>
        Choose {plan.name}
      </Button>
    );
  }
  if (payments === 'not-configured') {
    return <p className="text-center text-sm text-slate-600">Payments are not configured</p>;
  }
  if (payments === SCRIPT_LOADING_STATE.REJECTED) {
    return <p className="text-center text-sm text-slate-600">Not available right now</p>;
  }
  // The buttons read the loader state themselves: disabled at opacity 0.38 while busy, hidden
  // when PayPal says the method is not eligible; absent until the script has loaded.
  if (payments !== SCRIPT_LOADING_STATE.RESOLVED) return null;
  return (
    <>
      <PaidPlanButtons plan={plan} />
      <p className="mt-2 text-center text-xs text-slate-600">
        Renews every {plan.interval} at {formatMoney(plan.price, plan.currency)} on your saved PayPal account
        until you cancel in Settings.
      </p>
    </>
  );
}

/** Points PayPal's script at the server's client id; the script loads once that is set. */
function usePayPalScript(config: BillingConfig | undefined): PaymentState {
  const [state, dispatch] = usePayPalScriptReducer();
  const clientId = config?.configured ? config.clientId : null;
  const environment = config?.environment;
  useEffect(() => {
    if (!clientId || !environment || state.options.clientId === clientId) return;
    dispatch({
      type: DISPATCH_ACTION.RESET_OPTIONS,
      value: { ...PAYPAL_OPTIONS, clientId, environment },
    });
  }, [clientId, environment, state.options.clientId, dispatch]);
  if (!config) return 'checking';
  if (!clientId) return 'not-configured';
  if (state.options.clientId !== clientId) return SCRIPT_LOADING_STATE.PENDING;
  return scriptStatus(state);
}

/** A billing service that cannot be asked counts as payments not being available here. */
const UNREACHABLE: BillingConfig = { configured: false, clientId: null, environment: 'sandbox' };

export function PlanList({ plans }: { plans: PricingPlan[] }) {
  const config = useBillingConfig();
  const payments = usePayPalScript(config.isError ? UNREACHABLE : config.data);
  const paid = plans.some((plan) => plan.price > 0);
  const userPlan = useSession((state) => state.user?.plan);
  const current = plans.find((plan) => plan.slug === userPlan);
  return (
    <>
      {paid && <PaymentStatus state={payments} />}
      <ul className="grid gap-6 md:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={<PlanAction plan={plan} payments={payments} current={current} />}
          />
        ))}
      </ul>
    </>
  );
}
