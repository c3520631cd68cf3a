import type { PublicUser } from '@podz/proto';
import { useQueries } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The names of a page's uploaders (at most a page's worth, each read by id and cached). */
export function useUploaderNames(ids: string[]): Map<string, string> {
  const unique = [...new Set(ids)];
  const users = useQueries({
    queries: unique.map((id) => ({
      queryKey: ['users', 'by-id', id],
      staleTime: 5 * 60_000,
      queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<PublicUser>(`/api/users/${id}`, { signal }),
    })),
  });
  return new Map(
    unique.flatMap((id, index) => (users[index]?.data ? [[id, users[index].data.username]] : [])),
  );
}
