import type { ShowPremium } from '@podz/proto';
import { usePlans } from '../../../lib/pricing-plans';

/**
 * A show's premium listening: the plans whose members hear its premium episodes (those plans an
 * editor gave premium listening), and whether every episode is premium. No plan: nothing is.
 */
export function PremiumFields({
  value,
  onChange,
  error,
}: {
  value: ShowPremium;
  onChange: (value: ShowPremium) => void;
  error?: string | undefined;
}) {
  const plans = usePlans();
  const offered = plans.data?.items.filter((plan) => plan.premiumListening) ?? [];
  const toggle = (slug: string, on: boolean) =>
    onChange({
      ...value,
      plans: on ? [...value.plans, slug] : value.plans.filter((plan) => plan !== slug),
    });
  return (
    <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Premium listening</legend>
      {plans.isPending ? (
        <p className="text-sm text-slate-600">Loading the plans…</p>
      ) : offered.length === 0 ? (
        <p className="text-sm text-slate-600">
          No plan includes premium listening yet: an editor turns it on for a plan under Pricing plans.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Members on these plans hear the premium episodes, in the browser and through a private feed.
          </p>
          {offered.map((plan) => (
            <label key={plan.slug} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={value.plans.includes(plan.slug)}
                onChange={(event) => toggle(plan.slug, event.target.checked)}
              />
              {plan.name}
            </label>
          ))}
          <label className="mt-1 flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={value.allEpisodes}
              disabled={value.plans.length === 0}
              onChange={(event) => onChange({ ...value, allEpisodes: event.target.checked })}
            />
            Every episode is premium (a members-only show)
          </label>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
