import type { PricingPlan } from '@podz/proto';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format';

/** A plan's price as `/pricing` states it: "Free", or the amount per interval. */
export const planPrice = (plan: Pick<PricingPlan, 'price' | 'currency' | 'interval'>) =>
  plan.price === 0 ? 'Free' : `${formatMoney(plan.price, plan.currency)} / ${plan.interval}`;

/** One plan as `/pricing` shows it; the action under it is the caller's (buy, or a preview's label). */
export function PlanCard({
  plan,
  action,
}: {
  plan: Pick<PricingPlan, 'name' | 'description' | 'price' | 'currency' | 'interval' | 'features'> &
    Partial<Pick<PricingPlan, 'premiumListening'>>;
  action: ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-bold text-slate-900">{plan.name}</h2>
      <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
      <p className="mt-4 text-3xl font-extrabold text-slate-900">{planPrice(plan)}</p>
      <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-700">
        {plan.premiumListening && (
          <li className="flex gap-2 font-semibold text-amber-900">
            <span aria-hidden="true">🔒</span>
            Premium listening: members’ episodes, in any podcast app
          </li>
        )}
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-emerald-600">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </li>
  );
}
