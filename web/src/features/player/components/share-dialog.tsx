import { EMBED_SIZES, type Episode } from '@podz/proto';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { formatDuration } from '../../../lib/format';
import { startTimeParam } from '../../../lib/start-time';

/** A read-only field with a copy button; says so when copied. */
function CopyField({ label, value, rows = 1 }: { label: string; value: string; rows?: number }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      (document.getElementById(id) as HTMLTextAreaElement | null)?.select();
    }
  };
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        rows={rows}
        value={value}
        onFocus={(event) => event.target.select()}
        className="w-full resize-none rounded-md border border-slate-300 px-2 py-1.5 font-mono text-xs text-slate-900"
      />
      <div className="flex items-center gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
        {copied && (
          <span role="status" className="text-sm text-green-800">
            Copied
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * The episode's link (optionally starting where the listener is now) and the embed code of the
 * player, for another site. The embed takes the same start time.
 */
export function ShareDialog({
  episode,
  current,
  onClose,
}: {
  episode: Episode;
  current: number;
  onClose: () => void;
}) {
  const [fromNow, setFromNow] = useState(current >= 1);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  const origin = window.location.origin;
  const start = fromNow ? `?t=${startTimeParam(current)}` : '';
  const link = `${origin}/shows/${encodeURIComponent(episode.show.uId)}/${episode.id}${start}`;
  const { width, height } = EMBED_SIZES.episode;
  const embed = `<iframe src="${origin}/embed/episodes/${episode.id}${start}" width="100%" height="${height}" style="max-width:${width}px" title="${episode.title.replace(/"/g, '&quot;')} on PODZ" frameborder="0" loading="lazy" allow="autoplay"></iframe>`;
  return (
    <DialogFrame labelledBy="share-title" onDismiss={onClose}>
      <h2 id="share-title" className="text-lg font-semibold text-slate-900">
        Share “{episode.title}”
      </h2>
      <div className="mt-4 grid gap-4">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={fromNow} onChange={(event) => setFromNow(event.target.checked)} />
          Start at {formatDuration(current)}
        </label>
        <CopyField label="Link" value={link} />
        <CopyField label="Embed code" value={embed} rows={4} />
      </div>
      <div className="mt-6 flex justify-end">
        <button ref={close} type="button" className={buttonClass('primary')} onClick={onClose}>
          Done
        </button>
      </div>
    </DialogFrame>
  );
}
