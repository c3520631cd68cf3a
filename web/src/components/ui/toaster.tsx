import { useUi } from '../../stores/ui-store';

/** Toasts, announced politely to screen readers; each goes after a few seconds or on a click. */
export function Toaster() {
  const toasts = useUi((state) => state.toasts);
  const dismiss = useUi((state) => state.dismissToast);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          className={`pointer-events-auto flex max-w-md items-center gap-4 rounded-lg px-4 py-3 text-sm font-medium text-white shadow-lg ${
            toast.kind === 'error' ? 'bg-red-700' : 'bg-slate-900'
          }`}
        >
          <span>{toast.message}</span>
          <button
            type="button"
            aria-label="Dismiss"
            className="text-white/80 hover:text-white"
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
