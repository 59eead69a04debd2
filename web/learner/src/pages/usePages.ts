import { useQuery } from '@tanstack/react-query';
import type { UserProfileView } from '@speach/web-shared/api';
import { api } from '../api/client';

/** A user's public profile, under `['profile', userId]`. */
export type Profile = UserProfileView;

export const pageKeys = {
  profile: (userId: string) => ['profile', userId] as const,
  terms: (document: 'GCU' | 'PDP') => ['terms', document] as const,
};

export function useProfile(userId: string) {
  return useQuery({
    queryKey: pageKeys.profile(userId),
    queryFn: ({ signal }) => api<Profile>(`/api/v2/users/${encodeURIComponent(userId)}/profile`, { signal }),
  });
}

/** The terms' HTML, or null when none is published (or it cannot be read: the page says there are none). */
export function useTerms(document: 'GCU' | 'PDP') {
  return useQuery({
    queryKey: pageKeys.terms(document),
    queryFn: ({ signal }) =>
      api<string>(document === 'GCU' ? '/gcu/getGcu?dataType=json' : '/pdp/getPdp?dataType=json', { signal }).then(
        (html) => html || null,
        () => null,
      ),
  });
}
