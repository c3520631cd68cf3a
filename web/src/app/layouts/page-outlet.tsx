import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../../components/ui/query-state';
import { RouteGuard } from '../navigation/route-guard';
import { RouteErrorBoundary } from '../route-error';

/**
 * Where a layout shows the page: behind the route guard, inside an error boundary, with a spinner
 * while the page's code loads. Both layouts (public and signed-in) place it in their `<main>`.
 */
export function PageOutlet() {
  return (
    <RouteGuard>
      <RouteErrorBoundary>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </RouteGuard>
  );
}
