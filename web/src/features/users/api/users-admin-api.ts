import type {
  AccessRequest,
  AdminCreateUserBody,
  AdminEditUserBody,
  FullUser,
  Paginated,
  Podcast,
  UserType,
} from '@podz/proto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiFailure, apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The console pages by 10 (issue: consoles page by 10). */
export const USERS_CONSOLE_PAGE_SIZE = 10;

export interface UserFilter {
  search: string;
  searchBy: 'username' | 'email';
  userType?: UserType;
  plan?: string;
  page: number;
}

/** `GET /api/users` as an admin: full records, by username or email prefix, type and plan. */
export function useUserPage(filter: UserFilter) {
  return useQuery({
    queryKey: queryKeys.users.page(filter),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        page: String(filter.page),
        limit: String(USERS_CONSOLE_PAGE_SIZE),
      });
      if (filter.search) {
        params.set('search', filter.search);
        params.set('searchBy', filter.searchBy);
      }
      if (filter.userType) params.set('userType', filter.userType);
      if (filter.plan) params.set('plan', filter.plan);
      return apiFetch<Paginated<FullUser>>(`/api/users?${params}`, { signal });
    },
  });
}

function useUserMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

/** `POST /api/users/admin-added-user`. */
export const useCreateUser = () =>
  useUserMutation((body: AdminCreateUserBody) =>
    apiFetch<FullUser>('/api/users/admin-added-user', { method: 'POST', body }),
  );

/** `PUT /api/users/admin-added-user`: 409 when it would leave the network without an admin. */
export const useEditUser = () =>
  useUserMutation((body: AdminEditUserBody) =>
    apiFetch<FullUser>('/api/users/admin-added-user', { method: 'PUT', body }),
  );

/** `DELETE /api/users/{id}`: 409 for the last admin. */
export const useDeleteUser = () =>
  useUserMutation((id: string) => apiFetch(`/api/users/${id}`, { method: 'DELETE', body: {} }));

const requestOf = async (userId: string, role: 'owner' | 'guest', signal: AbortSignal) => {
  try {
    return await apiFetch<AccessRequest>(`/api/requests/user?userId=${userId}&role=${role}`, { signal });
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return undefined;
    throw error;
  }
};

/** A user's access requests (one per role at most) and their first published shows. */
export function useUserActivity(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.users.activity(userId),
    enabled,
    queryFn: async ({ signal }) => {
      const [owner, guest, shows] = await Promise.all([
        requestOf(userId, 'owner', signal),
        requestOf(userId, 'guest', signal),
        apiFetch<Paginated<Podcast>>(`/api/podcasts/public?userId=${userId}&limit=5`, { signal }),
      ]);
      return { requests: [owner, guest].filter((request) => request !== undefined), shows };
    },
  });
}
