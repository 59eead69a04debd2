import type { HomeOverview, HomeSlider } from '@speach/web-shared/api';
import { api } from '../api/client';

export type { HomeOverview };
export type HomeSliderKind = HomeSlider;

const enc = encodeURIComponent;

/** The home's sliders and the catalogue (docs/learner-experience.md). */
export const homeApi = {
  overview: (language: string, signal?: AbortSignal) => api<HomeOverview>(`/api/v2/home?language=${enc(language)}`, { signal }),
  /** A slider's `{result, total}` url (the slider and grid components add the page). */
  sliderUrl: (kind: HomeSliderKind, language: string, categoryId?: string | null) =>
    `/api/v2/home/slider/${kind}?language=${enc(language)}${categoryId ? `&categoryId=${enc(categoryId)}` : ''}`,
  catalogueUrl: (filters: { categoryId?: string; language?: string }) => {
    const query = [filters.categoryId ? `categoryId=${enc(filters.categoryId)}` : '', filters.language ? `language=${enc(filters.language)}` : '']
      .filter(Boolean)
      .join('&');
    return `/api/v2/catalogue${query ? `?${query}` : ''}`;
  },
};

/** The full page of a slider: the catalogue page showing that list. */
export function sliderPage(kind: HomeSliderKind, categoryId?: string | null): string {
  if (kind === 'category' && categoryId) return `/catalogue?categoryId=${enc(categoryId)}`;
  return `/catalogue?list=${kind}`;
}
