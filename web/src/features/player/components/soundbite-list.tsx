import type { Soundbite } from '@podz/proto';
import { formatDuration } from '../../../lib/format';
import type { Playback } from '../use-playback';

/** The moments the owner picked as previews: each plays from its start. */
export function SoundbiteList({ soundbites, playback }: { soundbites: Soundbite[]; playback: Playback }) {
  return (
    <section aria-labelledby="soundbites-heading" className="mt-8">
      <h2 id="soundbites-heading" className="mb-3 text-xl font-bold text-slate-900">
        Highlights
      </h2>
      <ul className="flex flex-wrap gap-2">
        {soundbites.map((bite) => (
          <li key={bite.startTime}>
            <button
              type="button"
              onClick={() => playback.seek(bite.startTime, true)}
              className="rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1.5 text-sm text-indigo-900 hover:bg-indigo-100"
            >
              ▶ {bite.title ?? 'Listen'} · {formatDuration(bite.startTime)} ({Math.round(bite.duration)} s)
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
