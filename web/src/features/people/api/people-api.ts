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
