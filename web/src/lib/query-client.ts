import { QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@touchline/shared';
import { ApiError } from './api-client';

/**
 * Server state (spec §9: retry 3 times, cache 5 minutes). A 4xx answer other than a timeout or a
 * rate limit will answer the same again, so it is not retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isRetryable(error) && failureCount < TIMINGS.queryRetry,
        gcTime: TIMINGS.queryCacheMs,
        staleTime: TIMINGS.queryCacheMs,
      },
    },
  });
}

export const queryClient = createQueryClient();

function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}
