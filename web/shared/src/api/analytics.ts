/** Spec §3 "Dashboard", as the server declares it (backend/analytics/dashboard.view.ts): types only. */
import type { Period } from '../../../../backend/analytics/dashboard.view';
import { listOf } from './vocabulary';

export type { CategoryStat, Metric, Period, SeriesPoint, SpeachStatRow, SpeachmakerStatRow } from '../../../../backend/analytics/dashboard.view';
export type {
  QuizResultRow,
  SpeachAnalyticsView,
  SpeachTrainingsView,
  TrainingRow,
  TrainingStatusFilter,
  UserAnalyticsView,
} from '../../../../backend/analytics/speach-analytics.view';

/** The periods in the order the dashboard offers them. */
export const PERIODS = listOf<Period>()(['ONE_MONTH', 'THREE_MONTHS', 'SIX_MONTHS', 'TWELVE_MONTHS', 'TWO_YEARS']);
