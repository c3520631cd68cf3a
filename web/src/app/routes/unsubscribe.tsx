import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { UnsubscribeResult } from '../../features/notifications/components/unsubscribe-result';

/** `/unsubscribe?token=`: where the unsubscribe link of a notification mail lands. */
export default function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-6 text-center text-3xl font-bold text-slate-900">Mail settings</h1>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <UnsubscribeResult token={params.get('token')} />
        <p className="mt-6 text-sm">
          <Link to={paths.settings.href()} className="font-semibold text-indigo-700 underline">
            All notification settings
          </Link>
        </p>
      </div>
    </div>
  );
}
