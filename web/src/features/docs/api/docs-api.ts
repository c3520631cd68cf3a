import type { Doc, SaveDocBody, TocEntry } from '@podz/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface DocSummary {
  slug: string;
  title: string;
  generated: boolean;
  updatedAt: string | null;
}

/** `GET /api/docs` (admins): the generated reference first, then the written pages by title. */
export function useDocList() {
  return useQuery({
    queryKey: queryKeys.docs.list,
    queryFn: ({ signal }) => apiFetch<{ items: DocSummary[] }>('/api/docs', { signal }),
  });
}

export function useDoc(slug: string | undefined) {
  return useQuery({
    queryKey: queryKeys.docs.one(slug ?? ''),
    enabled: Boolean(slug),
    queryFn: ({ signal }) => apiFetch<Doc>(`/api/docs/${slug}`, { signal }),
  });
}

export function useSaveDoc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, ...body }: SaveDocBody & { slug: string }) =>
      apiFetch<Doc>(`/api/docs/${slug}`, { method: 'PUT', body }),
    onSuccess: (doc) => {
      client.setQueryData(queryKeys.docs.one(doc.slug), doc);
      void client.invalidateQueries({ queryKey: queryKeys.docs.list });
    },
  });
}

export function useDeleteDoc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => apiFetch(`/api/docs/${slug}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.docs.all }),
  });
}

/** `POST /api/docs/preview`: the server renders and sanitizes, as it will on save. */
export function usePreviewDoc() {
  return useMutation({
    mutationFn: (markdown: string) =>
      apiFetch<{ html: string; toc: TocEntry[] }>('/api/docs/preview', {
        method: 'POST',
        body: { markdown },
      }),
  });
}
