import type { Paginated, PublicUser } from '@podz/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PeopleType = 'host' | 'guest' | 'crew';

export function usePeople(userType: PeopleType, page: number, limit = 20) {
  return useQuery({
    queryKey: queryKeys.people.list(userType ?? 'any', page, limit),
    queryFn: ({ signal }) =>
      apiFetch<Paginated<PublicUser>>(`/api/users?userType=${userType}&page=${page}&limit=${limit}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A person's public profile by the name in their page's URL. */
export function usePerson(username: string) {
  return useQuery({
    queryKey: queryKeys.people.byName(username),
    queryFn: ({ signal }) =>
      apiFetch<PublicUser>(`/api/users/name/${encodeURIComponent(username)}`, { signal }),
  });
}
