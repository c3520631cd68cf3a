import type { TranscriptInfo } from '@podz/proto';
import { memo, useEffect, useMemo, useRef } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { formatDuration } from '../../../lib/format';
import { useTranscript } from '../api/transcript-api';
import type { Playback } from '../use-playback';

/** The last segment started by `seconds` (segments are sorted by start): a binary search. */
export function segmentAt(starts: number[], seconds: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] ?? 0) <= seconds) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

const Cue = memo(function Cue({
  start,
  speaker,
  body,
  active,
  onSeek,
}: {
  start: number;
  speaker?: string;
  body: string;
  active: boolean;
  onSeek: (seconds: number) => void;
}) {
  return (
    <li>
      <button
        type="button"
        data-testid="transcript-cue"
        aria-current={active ? 'true' : undefined}
        onClick={() => onSeek(start)}
        className={`flex w-full gap-3 rounded px-2 py-1 text-left ${
          active ? 'bg-indigo-100 text-slate-900' : 'text-slate-700 hover:bg-slate-100'
        }`}
      >
        <span className="w-14 shrink-0 text-sm text-slate-600 tabular-nums">{formatDuration(start)}</span>
        <span className="whitespace-pre-line">
          {speaker && <strong className="font-semibold">{speaker}: </strong>}
          {body}
        </span>
      </button>
    </li>
  );
});

/**
 * The transcript beside the player: every cue a button that seeks the audio, the one being heard
 * highlighted and kept in view inside the list (never by scrolling the page). It is plain text
 * in the page, for screen readers and search engines; the WebVTT is linked for download.
 */
export function TranscriptView({
  transcript,
  playback,
  headingId = 'transcript-heading',
}: {
  transcript: TranscriptInfo;
  playback: Playback;
  /** Unique on the page: the player bar's own copy beside the episode page's needs another. */
  headingId?: string;
}) {
  const query = useTranscript(transcript.jsonUrl);
  const list = useRef<HTMLOListElement>(null);
  const segments = query.data?.segments ?? [];
  const starts = useMemo(() => segments.map((segment) => segment.startTime), [segments]);
  const active = segmentAt(starts, playback.current);
  const { seek, playing } = playback;

  useEffect(() => {
    const container = list.current;
    const item = container?.children[active] as HTMLElement | undefined;
    if (!container || !item || !playing) return;
    const top = item.offsetTop - container.offsetTop;
    if (top < container.scrollTop || top + item.offsetHeight > container.scrollTop + container.clientHeight) {
      container.scrollTop = Math.max(0, top - container.clientHeight / 3);
    }
  }, [active, playing]);

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          Transcript
        </h2>
        <a href={transcript.url} download className="text-sm font-medium text-indigo-700 underline">
          Download (WebVTT)
        </a>
      </div>
      <QueryState
        query={query}
        isEmpty={(data) => data.segments.length === 0}
        empty="The transcript is empty."
      >
        {() => (
          <ol
            ref={list}
            lang={transcript.language}
            className="relative max-h-96 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2"
          >
            {segments.map((segment, index) => (
              <Cue
                key={`${segment.startTime}-${index}`}
                start={segment.startTime}
                speaker={segment.speaker}
                body={segment.body}
                active={index === active}
                onSeek={(seconds) => seek(seconds, true)}
              />
            ))}
          </ol>
        )}
      </QueryState>
    </section>
  );
}
