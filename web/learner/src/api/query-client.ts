import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** Spec §9 keeps failed loads visible: a client error (4xx) is an answer, not a glitch, so only 5xx and network failures are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The learner app's one cache. A screen shown again draws its cached lists at once and reads them again
 * behind (stale time 0): reading a chapter, saving in the editor or a workflow step change lists through
 * calls that are not yet mutations of this cache, so nothing may be trusted as fresh. Mutations invalidate
 * what they change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
