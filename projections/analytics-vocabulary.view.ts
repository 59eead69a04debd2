/**
 * The dashboard's vocabulary of spec §3 "Dashboard" and §9: its periods and metrics, shared by the analytics
 * projection, the dashboard's answers (`backend/analytics/dashboard.view.ts`) and, as types only, the web apps.
 * A view module: it imports nothing (docs/web-shared-and-data-layer.md).
 */

export const PERIODS = ['ONE_MONTH', 'THREE_MONTHS', 'SIX_MONTHS', 'TWELVE_MONTHS', 'TWO_YEARS'] as const;
export type Period = (typeof PERIODS)[number];

export const METRICS = [
  'READ',
  'UNIQUE_READ',
  'UNIQUE_ACTIVITY',
  'PUBLICATION',
  'CREATION',
  'GRADE',
  'COMMENT',
  'CONNECTION',
  'UNIQUE_CONNECTION',
  'PATH_PUBLICATION',
  'PATH_COMPLETION',
] as const;
export type Metric = (typeof METRICS)[number];
