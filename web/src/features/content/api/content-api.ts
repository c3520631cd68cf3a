import type { Page, PageSlug } from '@podz/proto';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function usePage(slug: PageSlug) {
  return useQuery({
    queryKey: queryKeys.content.page(slug),
    queryFn: ({ signal }) => apiFetch<Page>(`/api/content/pages/${slug}`, { signal }),
    staleTime: 5 * 60_000,
  });
}
