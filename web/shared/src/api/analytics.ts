/** Spec §3 "Dashboard" periods, shared by the back-office dashboard and the learner app's analytics. */
export const PERIODS = ['ONE_MONTH', 'THREE_MONTHS', 'SIX_MONTHS', 'TWELVE_MONTHS', 'TWO_YEARS'] as const;
export type Period = (typeof PERIODS)[number];

/** One point of a time series: a day, a week or a month, from `startDate` to `endDate` (ISO days). */
export interface SeriesPoint {
  startDate: string;
  endDate: string;
  value: number;
}
