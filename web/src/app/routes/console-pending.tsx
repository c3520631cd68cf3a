import { useLocation } from 'react-router-dom';
import { PageHeading } from '../../components/ui/page-heading';
import { SIDE_MENU } from '../navigation/side-menu';

/**
 * The admin and editor consoles (dashboard, pricing, page content, users, requests, media,
 * documentation, PODZ management, gallery) come in their own release; their routes, guards and
 * menu entries are already in place, and the APIs behind them are live.
 */
export default function ConsolePendingRoute() {
  const { pathname } = useLocation();
  const entry = SIDE_MENU.find((row) => row.href(['admin', 'owner']) === pathname);
  return (
    <>
      <PageHeading title={entry?.label ?? 'Console'} />
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-slate-700">
        <p>This console is part of the next release of PODZ.</p>
        <p className="mt-2 text-sm text-slate-600">
          Until then, the same actions are available through the API (see the README).
        </p>
      </div>
    </>
  );
}
