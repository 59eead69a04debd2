import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { homeApi } from './homeApi';

export const homeKeys = {
  overview: (language: string) => ['home', 'overview', language] as const,
  categories: ['speach-categories'] as const,
};

/** Which sliders the home shows for the reader's language (an empty list on failure: the empty state then points elsewhere). */
export function useHomeOverview(language: string) {
  return useQuery({
    queryKey: homeKeys.overview(language),
    queryFn: ({ signal }) => homeApi.overview(language, signal).catch(() => ({ sliders: [], catalogueTotal: 0 })),
  });
}

/** The categories the catalogue filters by; they change rarely, so they stay fresh for the visit. */
export function useSpeachCategories() {
  return useQuery({
    queryKey: homeKeys.categories,
    queryFn: ({ signal }) => api<{ id: string; name: string }[]>('/api/v2/speach/categories', { signal }),
    staleTime: Infinity,
  });
}
