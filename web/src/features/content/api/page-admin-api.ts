import type { Page, PageSlug, SavePageBody } from '@podz/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/content/pages/{slug}/versions` (editors, admins): the kept versions, newest first. */
export function usePageVersions(slug: PageSlug) {
  return useQuery({
    queryKey: queryKeys.content.versions(slug),
    queryFn: ({ signal }) => apiFetch<{ items: Page[] }>(`/api/content/pages/${slug}/versions`, { signal }),
  });
}

/** The page the answer carries is the one everyone now reads: put it in the cache at once. */
function usePageWrite<Variables>(slug: PageSlug, call: (variables: Variables) => Promise<Page>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (page) => client.setQueryData(queryKeys.content.page(slug), page),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.content.versions(slug) }),
  });
}

/** `PUT /api/content/pages/{slug}`: 409 when `expectedVersion` is no longer the current one. */
export const useSavePage = (slug: PageSlug) =>
  usePageWrite(slug, (body: SavePageBody) =>
    apiFetch<Page>(`/api/content/pages/${slug}`, { method: 'PUT', body }),
  );

/** `POST …/versions/{version}/restore`: the old version becomes the newest. */
export const useRestorePage = (slug: PageSlug) =>
  usePageWrite(slug, (version: number) =>
    apiFetch<Page>(`/api/content/pages/${slug}/versions/${version}/restore`, { method: 'POST' }),
  );
