import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A menu that opens on hover (pointer) or on click / Enter (touch and keyboard), and closes on
 * Escape, on leaving it, or on a click elsewhere.
 */
export function Dropdown({
  label,
  children,
  align = 'left',
  buttonClassName,
  buttonLabel,
}: {
  label: ReactNode;
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
  buttonClassName: string;
  /** Accessible name when `label` is not text (an avatar). */
  buttonLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  // A pointer that hovers, then clicks, must not close what the hover just opened.
  const hoveredOpenAt = useRef(0);
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div
      ref={root}
      className="relative"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse' || open) return;
        hoveredOpenAt.current = Date.now();
        setOpen(true);
      }}
      onPointerLeave={(event) => event.pointerType === 'mouse' && close()}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={buttonLabel}
        className={buttonClassName}
        onClick={() => {
          if (open && Date.now() - hoveredOpenAt.current < 600) return;
          setOpen(!open);
        }}
      >
        {label}
      </button>
      {open && (
        <div id={id} className={`absolute top-full z-40 pt-2 ${align === 'right' ? 'right-0' : 'left-0'}`}>
          <div className="rounded-xl border border-slate-200 bg-white p-2 shadow-lg">{children(close)}</div>
        </div>
      )}
    </div>
  );
}
