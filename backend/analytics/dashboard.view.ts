/**
 * What the dashboard answers (spec §3 "Dashboard", §7 `/api/v2/dashboard/…`): series points, the top tables and
 * the category split. A view module: it imports only other view modules (docs/web-shared-and-data-layer.md).
 */
export type { Metric, Period } from '../../projections/analytics-vocabulary.view';

/** One point of a time series: a day, a week or a month, from `startDate` to `endDate` (ISO days). */
export interface SeriesPoint {
  startDate: string;
  endDate: string;
  value: number;
}

/** A row of the "top speaches" tables (by reads or by rating). */
export interface SpeachStatRow {
  speachId: string;
  speachTitle: string;
  publishDate: string | null;
  nbWatch: number;
  nbNote: number;
  note: number;
}

/** A row of the "top speachmakers" tables. */
export interface SpeachmakerStatRow {
  userId: string;
  firstName: string;
  lastName: string;
  nbSpeachs: number;
  nbWatch: number;
  nbNote: number;
  note: number;
}

/** Speaches created during the period in one category (`id` null: no category). */
export interface CategoryStat {
  id: string | null;
  name: string;
  value: number;
}

export const USER_COUNT_TYPES = ['users', 'admins', 'speachmakers', 'aiEditors', 'approvers'] as const;
export type UserCountType = (typeof USER_COUNT_TYPES)[number];
