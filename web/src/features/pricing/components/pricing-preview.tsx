import type { PricingPlan } from '@podz/proto';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/query-state';
import { PlanCard } from './plan-card';
import { bodyOf, type PlanDraft } from './plan-editor';

type PreviewCard = Pick<
  PricingPlan,
  'id' | 'name' | 'description' | 'price' | 'currency' | 'interval' | 'features' | 'order' | 'active'
>;

/** The plan being edited (or a new one, with no `plan`), as typed so far. */
export interface DraftPlan {
  plan?: PricingPlan;
  draft: PlanDraft;
  order: number;
}

/** What `/pricing` would show with the draft saved: the active plans, ordered as the service orders them. */
function previewPlans(plans: PricingPlan[], editing: DraftPlan | undefined): PreviewCard[] {
  let cards: PreviewCard[] = plans;
  if (editing) {
    const body = bodyOf(editing.draft);
    const drafted: PreviewCard = {
      ...body,
      id: editing.plan?.id ?? 'draft',
      order: editing.order,
      price: Number.isFinite(body.price) ? body.price : 0,
      currency: body.currency as PricingPlan['currency'],
      interval: body.interval as PricingPlan['interval'],
    };
    cards = editing.plan
      ? plans.map((plan) => (plan.id === drafted.id ? drafted : plan))
      : [...plans, drafted];
  }
  return cards.filter((plan) => plan.active).sort((a, b) => a.order - b.order || a.price - b.price);
}

/** `/pricing` as a visitor would see it, live while a plan is edited. */
export function PricingPreview({ plans, draft }: { plans: PricingPlan[]; draft?: DraftPlan }) {
  const cards = previewPlans(plans, draft);
  return (
    <section aria-labelledby="pricing-preview" className="mt-10">
      <h2 id="pricing-preview" className="text-lg font-semibold text-slate-900">
        Preview of /pricing{draft ? ', with your changes' : ''}
      </h2>
      <div className="mt-4 rounded-2xl bg-slate-50 p-4 sm:p-6">
        {cards.length === 0 ? (
          <EmptyState>No active plans: /pricing says none are on offer.</EmptyState>
        ) : (
          <ul className="grid gap-6 md:grid-cols-3">
            {cards.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                action={
                  <span className={buttonClass('primary', 'pointer-events-none w-full')}>
                    Choose {plan.name}
                  </span>
                }
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
