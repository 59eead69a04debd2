import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** Spec §9 keeps failed loads visible: a client error (4xx) is an answer, not a glitch, so only 5xx and network failures are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The learner app's one cache. Lists stay fresh for 30 s so going back to the home does not reload every
 * slider; a mutation invalidates what it changed, which is what keeps screens current.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
