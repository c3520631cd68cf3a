import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '../components/ui/button';
import { paths } from '../config/paths';

/** What a visitor sees instead of a blank page when a screen fails to render or load. */
export function RouteError({ error }: { error: unknown }) {
  // A deploy replaces the route chunks; a tab opened before it asks for files that are gone.
  const stale =
    error instanceof TypeError && /dynamically imported module|Importing a module script/.test(error.message);
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
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

class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/**
 * Catches a screen's render or chunk-loading error inside the layout, so the menus stay usable;
 * keyed by the path, so navigating elsewhere leaves the error behind.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}
