import { Inject, Injectable } from '@nestjs/common';
import { type Period, type PeriodRange, parsePeriod, periodRange, seriesSlots } from '../../projections/analytics-buckets';
import {
  ANALYTICS_AUTHOR_TALLIES,
  ANALYTICS_AUTHORS,
  ANALYTICS_CATEGORY_TALLIES,
  ANALYTICS_SERIES,
  ANALYTICS_SPEACH_TALLIES,
  ANALYTICS_SPEACHES,
  ANALYTICS_TOTALS,
  type AnalyticsSpeach,
  type Metric,
  type SeriesBucket,
  type TotalsDocument,
  UNIQUE_METRICS,
  seriesId,
} from '../../projections/analytics.projection';
import { CATEGORIES, type CategoryDocument } from '../../projections/organisation.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { Clock } from '../infrastructure/clock/clock';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { DashboardRankings } from './dashboard-rankings';

import type { CategoryStat, SeriesPoint, SpeachStatRow, SpeachmakerStatRow, UserCountType } from './dashboard.view';

export { USER_COUNT_TYPES, type SeriesPoint, type SpeachStatRow, type SpeachmakerStatRow, type UserCountType } from './dashboard.view';

/** How many rows the "top" tables show. */
export const TOP_ROWS = 10;

/** The dashboard's answers, from the analytics projection's buckets, tallies and totals: a bounded number of documents per call. */
@Injectable()
export class DashboardQueries {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly clock: Clock,
    private readonly rankings: DashboardRankings,
  ) {}

  range(period: unknown): PeriodRange {
    return periodRange(parsePeriod(period), this.clock.now());
  }

  /** A metric's points over the period; `cumulative` gives the running total since the first event instead. */
  async timeSeries(metric: Metric, period: Period | unknown, cumulative: boolean): Promise<SeriesPoint[]> {
    const slots = seriesSlots(this.range(period));
    // A cumulative count of distinct users adds the users seen for the first time ever.
    const name = cumulative && UNIQUE_METRICS.includes(metric) ? `${metric}#first` : metric;
    // Every metric has its day, week and month buckets: one document per point.
    const ids = slots.map((s) => seriesId(name, s.unit, s.key));
    const found = new Map((await this.store.collection<SeriesBucket>(ANALYTICS_SERIES).findByIds(ids)).map((b) => [b._id, b.value]));
    const values = ids.map((id) => found.get(id) ?? 0);
    if (cumulative) {
      // Running total = all-time total minus what came after each point.
      let remaining = (await this.store.collection<TotalsDocument>(ANALYTICS_TOTALS).findById(`metric:${name}`))?.value ?? 0;
      for (let i = values.length - 1; i >= 0; i--) {
        const own = values[i];
        values[i] = remaining;
        remaining -= own;
      }
    }
    return slots.map((s, i) => ({ startDate: s.startDate, endDate: s.endDate, value: values[i] }));
  }

  async topSpeaches(period: unknown, by: 'watch' | 'rating'): Promise<SpeachStatRow[]> {
    // The leaders with a margin (a speach whose document is gone is skipped), then only their documents.
    const tallies = await this.rankings.leaders(ANALYTICS_SPEACH_TALLIES, parsePeriod(period), by === 'watch' ? 'byWatch' : 'byRating', TOP_ROWS * 2);
    const speaches = new Map(
      (await this.store.collection<AnalyticsSpeach>(ANALYTICS_SPEACHES).findByIds(tallies.map((t) => t.ownerId))).map((s) => [s._id, s]),
    );
    const rows: SpeachStatRow[] = [];
    for (const t of tallies) {
      const s = speaches.get(t.ownerId);
      if (s) rows.push({ speachId: t.ownerId, speachTitle: s.title, publishDate: s.firstPublishedAt, nbWatch: t.reads, nbNote: t.ratingCount, note: t.note });
    }
    return rows.slice(0, TOP_ROWS);
  }

  async topSpeachmakers(period: unknown, by: 'watch' | 'rating'): Promise<SpeachmakerStatRow[]> {
    const tallies = await this.rankings.leaders(ANALYTICS_AUTHOR_TALLIES, parsePeriod(period), by === 'watch' ? 'byWatch' : 'byRating', TOP_ROWS * 2);
    const ids = tallies.map((t) => t.ownerId);
    const [users, authors] = await Promise.all([
      this.store.collection<UserDocument>(USERS).findByIds(ids),
      this.store.collection<TotalsDocument>(ANALYTICS_AUTHORS).findByIds(ids),
    ]);
    const byId = new Map(users.map((u) => [u._id, u]));
    const speachCounts = new Map(authors.map((a) => [a._id, a.speaches ?? 0]));
    const rows: SpeachmakerStatRow[] = [];
    for (const t of tallies) {
      const u = byId.get(t.ownerId);
      if (u)
        rows.push({
          userId: t.ownerId,
          firstName: u.firstName,
          lastName: u.lastName,
          nbSpeachs: speachCounts.get(t.ownerId) ?? 0,
          nbWatch: t.reads,
          nbNote: t.ratingCount,
          note: t.note,
        });
    }
    return rows.slice(0, TOP_ROWS);
  }

  /** Speaches created during the period, by their current category (`id` null: no category). */
  async categories(period: unknown): Promise<CategoryStat[]> {
    const counts = (await this.rankings.all(ANALYTICS_CATEGORY_TALLIES, parsePeriod(period))).filter((t) => t.created > 0);
    const names = new Map((await this.store.collection<CategoryDocument>(CATEGORIES).findByIds(counts.map((t) => t.ownerId))).map((c) => [c._id, c.name]));
    return counts
      .map(({ ownerId: id, created: value }) => (id === 'none' ? { id: null, name: '', value } : { id, name: names.get(id) ?? '', value }))
      .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name) || (a.id ?? '').localeCompare(b.id ?? ''));
  }

  /** Published, unpublished and viewed (read at least once) speaches, templates and archived ones left out. */
  async speachCount(kind: 'published' | 'unpublished' | 'viewed'): Promise<number> {
    return (await this.store.collection<TotalsDocument>(ANALYTICS_TOTALS).findById('speaches'))?.[kind] ?? 0;
  }

  /** Active users, or active users holding a role. */
  async userCount(type: UserCountType): Promise<number> {
    return (await this.store.collection<TotalsDocument>(ANALYTICS_TOTALS).findById('users'))?.[type] ?? 0;
  }
}
