/**
 * What the learner's home answers (spec §2 sliders, the catalogue; docs/learner-experience.md). A view module:
 * it imports only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { CardPage, ChapterFacts, ReadingProgress, SpeachCard } from '../speach/speach-card.view';

export const HOME_SLIDERS = ['continue', 'assigned', 'new', 'mostRead', 'followedAuthors', 'category'] as const;
export type HomeSlider = (typeof HOME_SLIDERS)[number];

/** A home or catalogue card: what a learner decides on, with their progress once started. */
export type HomeCard = SpeachCard & ChapterFacts & { progress: ReadingProgress | null };

export type HomeCardPage = CardPage<HomeCard>;

/** `GET /api/v2/home`: the sliders that have something, and how much the catalogue holds. */
export interface HomeOverview {
  sliders: { slider: HomeSlider; categoryId: string | null; name: string | null; total: number }[];
  catalogueTotal: number;
}
