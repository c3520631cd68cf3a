import { lazy, Suspense } from 'react';
import { useUi } from '../../stores/ui-store';

// Most visits never open one: their code loads with the first that opens, not with the app.
const GlobalModal = lazy(() => import('./global-modal').then((module) => ({ default: module.GlobalModal })));
const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/** The global modal and the confirm dialog (spec §2), mounted while one of them is open. */
export function Dialogs() {
  const open = useUi((state) => state.modal !== undefined || state.confirmation !== undefined);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <GlobalModal />
      <ConfirmDialog />
    </Suspense>
  );
}
