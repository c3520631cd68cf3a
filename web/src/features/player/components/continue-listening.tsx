import { useQuery } from '@tanstack/react-query';
import { CONTINUE_LISTENING_DEFAULT } from '@podz/proto';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatDuration } from '../../../lib/format';
import { playerItemOf } from '../../../lib/player-item';
import { queryKeys } from '../../../lib/query-keys';
import { usePlayer } from '../../../stores/player-store';
import { fetchContinueListening, fetchEpisodes } from '../api/listening-api';

/** The member's episodes begun and not finished, latest first, each resumed where they left it. */
async function continueListening() {
  const places = await fetchContinueListening(CONTINUE_LISTENING_DEFAULT);
  const episodes = new Map(
    (await fetchEpisodes(places.map((place) => place.episodeId))).map((e) => [e.id, e]),
  );
  return places.flatMap((place) => {
    const episode = episodes.get(place.episodeId);
    return episode ? [{ episode, place }] : [];
  });
}

/** "Continue listening" on the home page, for members with something begun; nothing otherwise. */
export default function ContinueListening() {
  const query = useQuery({ queryKey: queryKeys.listening.continue, queryFn: continueListening });
  if (!query.data?.length) return null;
  return (
    <section aria-labelledby="continue-heading" className="mt-14">
      <h2 id="continue-heading" className="mb-4 text-2xl font-bold text-slate-900">
        Continue listening
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="continue-listening">
        {query.data.map(({ episode, place }) => {
          const length = place.duration ?? episode.audio.durationSeconds;
          const left = Math.max(0, length - place.position);
          return (
            <li
              key={episode.id}
              className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3"
            >
              <img
                src={episode.image ?? episode.show.logoPath}
                alt=""
                className="size-14 shrink-0 rounded-md object-cover"
              />
              <div className="min-w-0 flex-1">
                <Link
                  to={paths.episode.href(episode.show.uId, episode.id)}
                  className="block truncate font-medium text-slate-900 hover:underline"
                >
                  {episode.title}
                </Link>
                <p className="truncate text-sm text-slate-600">
                  {episode.show.name} · {formatDuration(left)} left
                </p>
                <progress
                  className="mt-1 h-1.5 w-full accent-indigo-600"
                  max={Math.max(1, length)}
                  value={place.position}
                  aria-label={`${episode.title}: ${formatDuration(place.position)} of ${formatDuration(length)} heard`}
                />
              </div>
              <button
                type="button"
                onClick={() => usePlayer.getState().play(playerItemOf(episode))}
                className="rounded-full bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500"
                aria-label={`Resume ${episode.title}`}
              >
                Resume
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
