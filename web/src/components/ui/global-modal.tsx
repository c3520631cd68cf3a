import { useCallback } from 'react';
import { useUi } from '../../stores/ui-store';
import { Button } from './button';
import { DialogFrame } from './dialog-frame';

/** The one success-or-error modal of spec §2, with its Close button. */
export function GlobalModal() {
  const modal = useUi((state) => state.modal);
  const close = useUi((state) => state.closeModal);
  const dismiss = useCallback(() => close(), [close]);
  if (!modal) return null;
  return (
    <DialogFrame
      labelledBy="global-modal-title"
      onDismiss={dismiss}
      role={modal.kind === 'error' ? 'alertdialog' : 'dialog'}
    >
      <h2
        id="global-modal-title"
        className={`text-lg font-semibold ${modal.kind === 'error' ? 'text-red-700' : 'text-emerald-700'}`}
      >
        {modal.title}
      </h2>
      <p className="mt-2 text-slate-700">{modal.message}</p>
      <div className="mt-6 flex justify-end">
        <Button autoFocus onClick={dismiss}>
          Close
        </Button>
      </div>
    </DialogFrame>
  );
}
