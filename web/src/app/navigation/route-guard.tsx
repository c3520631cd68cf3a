import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { useSession } from '../../stores/session-store';
import { redirectFor, ruleFor } from '../../lib/route-access';

/**
 * Applies the one guard table (spec §6) to the current URL. Public pages render at once; the
 * others wait for the session. A visitor sent to log in carries SessionRequired and the way back.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const status = useSession((state) => state.status);
  const access = useSession((state) => state.user?.access);
  const rule = ruleFor(pathname);
  if (!rule || rule.kind === 'public') return <>{children}</>;
  if (status === 'loading') return <Spinner label="Checking your session…" />;
  const target = redirectFor(pathname, status === 'authenticated' ? access : undefined);
  if (!target) return <>{children}</>;
  if (target === paths.login.href()) {
    const back = new URLSearchParams({ error: 'SessionRequired', callbackUrl: pathname + search });
    return <Navigate replace to={`${target}?${back}`} />;
  }
  return <Navigate replace to={target} />;
}
