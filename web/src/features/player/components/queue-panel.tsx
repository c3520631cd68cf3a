import { useRef, useState, type KeyboardEvent } from 'react';
import { formatDuration } from '../../../lib/format';
import { usePlayer } from '../../../stores/player-store';

const ARROWS: Record<string, -1 | 1> = { ArrowUp: -1, ArrowDown: 1 };

function RowButton({
  label,
  text,
  onClick,
  disabled,
}: {
  label: string;
  text: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className="rounded px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:text-slate-400"
    >
      {text}
    </button>
  );
}

/**
 * What plays next, in order: play one now, move it (buttons, or Alt+↑/↓ on its row), remove it,
 * or clear the queue. What changed is said aloud.
 */
export function QueuePanel({ onClose }: { onClose: () => void }) {
  const queue = usePlayer((state) => state.queue);
  const { play, move, remove, clear } = usePlayer.getState();
  const [said, setSaid] = useState('');
  const rows = useRef<HTMLOListElement>(null);

  const moveBy = (episodeId: string, title: string, by: -1 | 1) => {
    const from = queue.findIndex((item) => item.episodeId === episodeId);
    const to = from + by;
    if (to < 0 || to >= queue.length) return;
    move(episodeId, by);
    setSaid(`${title} moved to position ${to + 1} of ${queue.length}`);
    // The row keeps the focus where it went.
    requestAnimationFrame(() => (rows.current?.children[to] as HTMLElement | undefined)?.focus());
  };
  const onRowKey = (event: KeyboardEvent, episodeId: string, title: string) => {
    const by = ARROWS[event.key];
    if (!event.altKey || !by) return;
    event.preventDefault();
    moveBy(episodeId, title, by);
  };

  return (
    <section
      aria-labelledby="queue-heading"
      className="max-h-96 overflow-y-auto border-b border-slate-200 px-3 py-3"
    >
      <div className="mx-auto max-w-7xl">
        <div className="mb-2 flex items-center justify-between gap-3">
          <h2 id="queue-heading" className="text-lg font-bold text-slate-900">
            Up next
          </h2>
          <div className="flex gap-2">
            {queue.length > 0 && (
              <RowButton
                label="Clear the queue"
                text="Clear"
                onClick={() => {
                  clear();
                  setSaid('Queue cleared');
                }}
              />
            )}
            <RowButton label="Close the queue" text="Close" onClick={onClose} />
          </div>
        </div>
        <p className="sr-only" aria-live="polite" data-testid="queue-said">
          {said}
        </p>
        {queue.length === 0 ? (
          <p className="text-sm text-slate-600">
            Nothing queued. Add episodes with the queue button beside each one.
          </p>
        ) : (
          <>
            <p className="mb-2 text-xs text-slate-600">Alt+↑ and Alt+↓ move the focused episode.</p>
            <ol
              ref={rows}
              className="divide-y divide-slate-200 rounded-lg border border-slate-200"
              data-testid="queue"
            >
              {queue.map((item, index) => (
                <li
                  key={item.episodeId}
                  tabIndex={0}
                  aria-label={`${index + 1}. ${item.title}, ${item.showName}`}
                  onKeyDown={(event) => onRowKey(event, item.episodeId, item.title)}
                  className="flex items-center gap-2 px-2 py-1 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  data-testid="queue-item"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">{item.title}</span>
                    <span className="block truncate text-xs text-slate-600">
                      {item.showName} · {formatDuration(item.duration)}
                    </span>
                  </span>
                  <RowButton label={`Play ${item.title} now`} text="Play" onClick={() => play(item)} />
                  <RowButton
                    label={`Move ${item.title} up`}
                    text="↑"
                    disabled={index === 0}
                    onClick={() => moveBy(item.episodeId, item.title, -1)}
                  />
                  <RowButton
                    label={`Move ${item.title} down`}
                    text="↓"
                    disabled={index === queue.length - 1}
                    onClick={() => moveBy(item.episodeId, item.title, 1)}
                  />
                  <RowButton
                    label={`Remove ${item.title} from the queue`}
                    text="Remove"
                    onClick={() => remove(item.episodeId)}
                  />
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}
