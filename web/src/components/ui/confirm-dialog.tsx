import { useCallback } from 'react';
import { useUi } from '../../stores/ui-store';
import { Button } from './button';
import { DialogFrame } from './dialog-frame';

/** Spec §2: confirm dialogs have Delete as the default button, and Cancel. */
export function ConfirmDialog() {
  const confirmation = useUi((state) => state.confirmation);
  const settle = useUi((state) => state.settleConfirmation);
  const cancel = useCallback(() => settle(false), [settle]);
  if (!confirmation) return null;
  return (
    <DialogFrame labelledBy="confirm-title" onDismiss={cancel} role="alertdialog">
      <h2 id="confirm-title" className="text-lg font-semibold text-slate-900">
        {confirmation.title}
      </h2>
      <p className="mt-2 text-slate-700">{confirmation.message}</p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={cancel}>
          Cancel
        </Button>
        <Button variant="danger" autoFocus onClick={() => settle(true)}>
          {confirmation.confirmLabel}
        </Button>
      </div>
    </DialogFrame>
  );
}
