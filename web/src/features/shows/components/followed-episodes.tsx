import { FOLLOWED_EPISODES_MAX } from '@podz/proto';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, Spinner } from '../../../components/ui/query-state';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { oneOf } from '../../../lib/use-filter-params';
import { useFollowedEpisodes, usePlayedEpisodes } from '../api/shows-api';
import { EpisodeList } from './episode-list';

const FILTERS = [
  ['all', 'All'],
  ['unplayed', 'Unplayed'],
] as const;
type Filter = (typeof FILTERS)[number][0];
// The filter lives in the URL (`?episodes=unplayed`), so the view survives a reload and a link.
const PARAM = 'episodes';

/**
 * "New from your shows" on My FAVZ: the newest episodes of the shows the member follows, every
 * one or only those not heard to the end, each playable in the site-wide player.
 */
export function FollowedEpisodes() {
  const [params, setParams] = useSearchParams();
  const filter: Filter = oneOf(params.get(PARAM), ['unplayed'] as const) ?? 'all';
  const episodes = useFollowedEpisodes();
  const items = episodes.data?.items ?? [];
  const played = usePlayedEpisodes(items.map((episode) => episode.id));

  const choose = (value: Filter) => {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete(PARAM);
    else next.set(PARAM, value);
    setParams(next, { replace: true });
  };

  let body;
  if (episodes.isPending || (items.length > 0 && played.isPending)) body = <Spinner />;
  else if (episodes.isError)
    body = <ErrorState error={episodes.error} onRetry={() => void episodes.refetch()} />;
  else if (played.isError) body = <ErrorState error={played.error} onRetry={() => void played.refetch()} />;
  else {
    const heard = played.data ?? new Set<string>();
    const shown = filter === 'unplayed' ? items.filter((episode) => !heard.has(episode.id)) : items;
    if (items.length === 0) body = <EmptyState>The shows you follow have no episodes yet.</EmptyState>;
    else if (shown.length === 0) body = <EmptyState>You have heard every one of them to the end.</EmptyState>;
    else body = <EpisodeList episodes={shown} withShow played={heard} />;
  }

  return (
    <section aria-labelledby="followed-episodes" className="mt-10">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="followed-episodes" className="text-xl font-semibold text-slate-900">
            New from your shows
          </h2>
          <p className="text-sm text-slate-600">
            The {FOLLOWED_EPISODES_MAX} newest episodes of the shows you follow.
          </p>
        </div>
        <ToggleGroup label="Which episodes" options={FILTERS} value={filter} onChange={choose} />
      </div>
      {body}
    </section>
  );
}
