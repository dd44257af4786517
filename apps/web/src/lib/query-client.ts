import { AppError } from '@hit21/core';
import { QueryClient } from '@tanstack/react-query';

const MAX_RETRIES = 2;

/** Client errors (bad request, not signed in, not found, ...) will not change on a retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof AppError && error.statusCode < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
