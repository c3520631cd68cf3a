import type { Chapter } from '@podz/proto';
import { formatDuration } from '../../../lib/format';
import { chapterAt, type Playback } from '../use-playback';

/** The chapters, each a button to its start, the one playing marked. */
export function ChapterList({
  chapters,
  playback,
  headingId = 'chapters-heading',
}: {
  chapters: Chapter[];
  playback: Playback;
  /** Unique on the page: the player bar's own copy beside the episode page's needs another. */
  headingId?: string;
}) {
  const current = chapterAt(chapters, playback.current);
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 text-xl font-bold text-slate-900">
        Chapters
      </h2>
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {chapters.map((chapter, index) => (
          <li key={chapter.startTime} className="flex items-center gap-3 px-3 py-2">
            <button
              type="button"
              data-testid="chapter"
              aria-current={index === current ? 'true' : undefined}
              onClick={() => playback.seek(chapter.startTime, true)}
              className={`flex min-w-0 flex-1 gap-3 text-left ${
                index === current ? 'font-semibold text-indigo-800' : 'text-slate-800 hover:text-indigo-700'
              }`}
            >
              <span className="w-14 shrink-0 text-sm tabular-nums">{formatDuration(chapter.startTime)}</span>
              <span className="truncate">{chapter.title}</span>
            </button>
            {chapter.url && (
              <a
                href={chapter.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="shrink-0 text-sm text-indigo-700 underline"
              >
                Link<span className="sr-only"> for {chapter.title}</span>
              </a>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
