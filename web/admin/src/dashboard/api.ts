import { type CategoryStat, type Metric, PERIODS, type Period, type SeriesPoint, type SpeachStatRow, type SpeachmakerStatRow } from '@speach/web-shared/api';
import { apiCall } from '../providers/httpClient';

export { PERIODS, type CategoryStat, type Metric, type Period, type SeriesPoint, type SpeachStatRow, type SpeachmakerStatRow };
/** Spec §9: the component starts at THREE_MONTHS; a `period` parameter it does not know gives ONE_MONTH. */
export const DEFAULT_PERIOD: Period = 'THREE_MONTHS';

export function initialPeriod(param: string | null): Period {
  if (param === null || param === '') return DEFAULT_PERIOD;
  return (PERIODS as readonly string[]).includes(param) ? (param as Period) : 'ONE_MONTH';
}

export const dashboardApi = {
  series: (metric: Metric, period: Period, cumulative = false) =>
    apiCall<SeriesPoint[]>(`/api/v2/dashboard/time-series?metric=${metric}&period=${period}&cumulative=${cumulative}`),
  speaches: (by: 'watch' | 'rating', period: Period) => apiCall<SpeachStatRow[]>(`/api/v2/dashboard/speaches-by-${by}?period=${period}`),
  speachmakers: (by: 'watch' | 'rating', period: Period) => apiCall<SpeachmakerStatRow[]>(`/api/v2/dashboard/speachmakers-by-${by}?period=${period}`),
  categories: (period: Period) => apiCall<CategoryStat[]>(`/api/v2/dashboard/speach-category?period=${period}`),
  speachCount: (kind: 'publishedSpeachs' | 'unpublishedSpeachs' | 'viewedSpeachs') => apiCall<number>(`/api/v2/cours/${kind}`),
  userCount: (type: 'users' | 'admins' | 'speachmakers' | 'aiEditors' | 'approvers') =>
    apiCall<{ size: number }>(`/api/v2/users/count?type=${type}`).then((r) => r.size),
  flags: () => apiCall<{ featureFlags?: { commentsEnabled?: boolean; workflowEnabled?: boolean } }>('/api/auth/me').then((me) => me.featureFlags ?? {}),
};

/** Spec §2: the unique-activity chart shows only even values on its y axis. */
export function evenTicks(max: number): number[] {
  const step = Math.max(2, 2 * Math.ceil(max / 10));
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return ticks;
}
