import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { buttonClass } from '../components/ui/button';
import { paths } from '../config/paths';

/** What a visitor sees instead of a blank page when a screen fails to render or load. */
export function RouteError() {
  const error = useRouteError();
  // A deploy replaces the route chunks; a tab opened before it asks for files that are gone.
  const stale =
    error instanceof TypeError && /dynamically imported module|Importing a module script/.test(error.message);
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {isRouteErrorResponse(error) && error.status === 404
          ? 'This page does not exist'
          : 'Something went wrong'}
      </h1>
      <p className="mt-2 text-slate-600">
        {stale ? 'PODZ was updated while this page was open.' : 'The page could not be shown.'} Reloading
        usually helps.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home.href()} className={buttonClass('secondary')}>
          Home
        </Link>
      </div>
    </div>
  );
}
