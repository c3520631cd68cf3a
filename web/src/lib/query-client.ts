import { QueryClient } from '@tanstack/react-query';
import { ApiFailure } from './api-client';

/**
 * The data-fetching layer's cache. Answers stay fresh for 30 s, so moving between pages reuses
 * them; a 4xx is an answer, not a hiccup, so only network errors and 5xx are retried.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiFailure && error.status >= 400 && error.status < 500),
    },
  },
});
