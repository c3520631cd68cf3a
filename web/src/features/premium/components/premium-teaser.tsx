import { Link } from 'react-router-dom';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { usePlanNames } from '../../../lib/pricing-plans';

/**
 * Where a premium episode's player would be, for a listener whose plan does not unlock it: what
 * it is, who hears it, and the way to the plans.
 */
export function PremiumTeaser({ plans, signedIn }: { plans: string[]; signedIn: boolean }) {
  const names = usePlanNames(plans);
  return (
    <section
      aria-label="Members’ episode"
      className="rounded-xl border border-amber-200 bg-amber-50 p-5 text-slate-800"
    >
      <p className="flex items-center gap-2 font-semibold text-amber-900">
        <span aria-hidden="true">🔒</span> For members on {names}
      </p>
      <p className="mt-1 text-sm">
        This episode is part of the show’s premium listening. Members hear it here and in their podcast app
        through a private feed of their own.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to={paths.pricing.href()} className={buttonClass('primary')}>
          Upgrade
        </Link>
        {!signedIn && (
          <Link to={paths.login.href()} className={buttonClass('secondary')}>
            Sign in
          </Link>
        )}
      </div>
    </section>
  );
}
