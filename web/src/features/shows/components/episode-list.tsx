import type { Episode } from '@podz/proto';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatDate, formatDuration } from '../../../lib/format';

// Just after the first render, not in it: a visitor's first load of `/` stays within its budget.
const EpisodePlayButtons = lazy(() =>
  import('../../../components/play-buttons').then((module) => ({ default: module.EpisodePlayButtons })),
);

/**
 * Episodes as rows linking to their pages, each published one with buttons that play it in the
 * site-wide player; `withShow` names the show (lists across shows), `played` marks those heard.
 */
export function EpisodeList({
  episodes,
  withShow = false,
  played,
}: {
  episodes: Episode[];
  withShow?: boolean;
  /** The episodes the member heard to the end, marked as played. */
  played?: ReadonlySet<string>;
}) {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {episodes.map((episode) => (
        <li key={episode.id} className="flex items-center">
          <Link
            to={paths.episode.href(episode.show.uId, episode.id)}
            className="flex min-w-0 flex-1 items-center gap-4 p-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <img
              src={episode.image ?? episode.show.logoPath}
              alt=""
              loading="lazy"
              className="size-14 shrink-0 rounded-md bg-slate-100 object-cover"
            />
            <div className="min-w-0 flex-1">
              {withShow && <p className="text-xs font-medium text-indigo-700">{episode.show.name}</p>}
              <p className="truncate font-medium text-slate-900">
                {episode.listening === 'premium' && '🔒 '}
                {episode.title}
              </p>
              <p className="text-sm text-slate-600">
                {formatDate(episode.publishedAt)} · {formatDuration(episode.audio.durationSeconds)}
                {episode.status === 'draft' && ' · draft'}
                {played?.has(episode.id) && ' · played'}
              </p>
            </div>
          </Link>
          {episode.status === 'published' && (
            <Suspense fallback={<span aria-hidden="true" className="w-32 shrink-0" />}>
              <EpisodePlayButtons episode={episode} />
            </Suspense>
          )}
        </li>
      ))}
    </ul>
  );
}
