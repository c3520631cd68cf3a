import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';

/** A console's form: a titled white panel, named by its title for assistive technology. */
export function FormPanel({
  title,
  onSubmit,
  className = '',
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <form
      aria-labelledby={headingId}
      onSubmit={onSubmit}
      noValidate
      className={`space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 ${className}`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </form>
  );
}

/** Cancel and the submit button, which says it is working while `busy`. */
export function FormActions({
  onCancel,
  busy,
  disabled = false,
  submitLabel,
  busyLabel = 'Saving…',
}: {
  onCancel?: () => void;
  busy: boolean;
  /** Not ready to send (beyond being busy). */
  disabled?: boolean;
  submitLabel: string;
  busyLabel?: string;
}) {
  return (
    <div className="flex justify-end gap-2">
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit" disabled={busy || disabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
