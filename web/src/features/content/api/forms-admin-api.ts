import type { FormKind, FormSubmission, Paginated } from '@podz/proto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The inbox pages by 10 (issue: consoles page by 10). */
export const INBOX_PAGE_SIZE = 10;

/** `GET /api/content/forms` (admins): contact and advertise submissions, newest first. */
export function useSubmissions(kind: FormKind | undefined, onlyNew: boolean, page: number) {
  return useQuery({
    queryKey: queryKeys.content.forms(kind, onlyNew, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), limit: String(INBOX_PAGE_SIZE) });
      if (kind) params.set('kind', kind);
      if (onlyNew) params.set('status', 'new');
      return apiFetch<Paginated<FormSubmission>>(`/api/content/forms?${params}`, { signal });
    },
  });
}

function useInboxMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.content.formsAll }),
  });
}

/** `PATCH /api/content/forms/{id}`: handled, or waiting again. */
export const useMarkSubmission = () =>
  useInboxMutation(({ id, handled }: { id: string; handled: boolean }) =>
    apiFetch<FormSubmission>(`/api/content/forms/${id}`, { method: 'PATCH', body: { handled } }),
  );

/** `DELETE /api/content/forms/{id}`. */
export const useDeleteSubmission = () =>
  useInboxMutation((id: string) => apiFetch(`/api/content/forms/${id}`, { method: 'DELETE' }));
