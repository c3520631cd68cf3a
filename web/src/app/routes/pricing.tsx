import { PageHeading } from '../../components/ui/page-heading';
import { QueryState } from '../../components/ui/query-state';
import { usePlans } from '../../features/pricing/api/pricing-api';
import { PlanList } from '../../features/pricing/components/plan-list';

export default function PricingRoute() {
  const plans = usePlans();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageHeading title="Pricing" intro="Start free; grow your network when you are ready." />
      <QueryState
        query={plans}
        isEmpty={(data) => data.items.length === 0}
        empty="No plans are on offer right now."
      >
        {(data) => <PlanList plans={data.items} />}
      </QueryState>
    </div>
  );
}
