import type { Episode, Paginated } from '@podz/proto';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { EpisodeList } from './episode-list';

/**
 * A page of episodes with its pager, and its loading, error and empty states: a show's episodes,
 * a person's appearances, a guest's own.
 */
export function PagedEpisodes({
  query,
  empty,
  onPage,
  withShow = false,
  label = 'Episode pages',
}: {
  query: UseQueryResult<Paginated<Episode>>;
  empty: ReactNode;
  onPage: (page: number) => void;
  withShow?: boolean;
  label?: string;
}) {
  return (
    <QueryState query={query} isEmpty={(data) => data.items.length === 0} empty={empty}>
      {(data) => (
        <>
          <EpisodeList episodes={data.items} withShow={withShow} />
          <Pagination page={data.page} totalPages={data.totalPages} onChange={onPage} label={label} />
        </>
      )}
    </QueryState>
  );
}
