import { useEffect, type ReactNode } from 'react';

/** An overlay with a centred panel; Escape calls `onDismiss`. The caller focuses its default button. */
export function DialogFrame({
  labelledBy,
  onDismiss,
  role = 'dialog',
  children,
}: {
  labelledBy: string;
  onDismiss: () => void;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDismiss]);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
      >
        {children}
      </div>
    </div>
  );
}
