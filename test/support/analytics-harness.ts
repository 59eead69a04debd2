import type { RecordedEvent } from '../../events';
import { DashboardRankings } from '../../backend/analytics/dashboard-rankings';
import { DashboardQueries } from '../../backend/analytics/dashboard.service';
import { ManualClock } from '../../backend/infrastructure/clock/clock';
import { MemoryReadStore } from '../../backend/infrastructure/read-store/memory-read-store';
import type { ReadStore } from '../../backend/infrastructure/read-store/read-store.port';
import { ANALYTICS_SERIES, analyticsProjection } from '../../projections/analytics.projection';
import { UnitOfWork } from '../../projections/unit-of-work';

export type AnalyticsEvent = [type: string, time: string, data: Record<string, unknown>];

/** Applies events through the analytics projection's handlers, in batches like the runner does. */
export class AnalyticsHarness {
  private position = 0;
  private indexed = false;

  constructor(readonly store: ReadStore = new MemoryReadStore({ freezeAdopted: true })) {}

  async apply(events: AnalyticsEvent[], batchSize = 50): Promise<void> {
    if (!this.indexed) {
      // As the runner does before the first batch: the store answers through the declared indexes.
      for (const { name, indexes } of analyticsProjection.collections) for (const index of indexes ?? []) await this.store.collection(name).createIndex(index);
      this.indexed = true;
    }
    for (let i = 0; i < events.length; i += batchSize) {
      const unit = new UnitOfWork(this.store);
      for (const [type, time, data] of events.slice(i, i + batchSize)) {
        const event = this.recorded(++this.position, type, time, data);
        unit.applying(event);
        await analyticsProjection.handlers[type]?.(event, unit);
      }
      await unit.commit();
    }
  }

  /** Re-applies an already applied event (at-least-once delivery). */
  async redeliver(position: number, type: string, time: string, data: Record<string, unknown>): Promise<void> {
    const unit = new UnitOfWork(this.store);
    const event = this.recorded(position, type, time, data);
    unit.applying(event);
    await analyticsProjection.handlers[type]?.(event, unit);
    await unit.commit();
  }

  /** The dashboard's queries on this store, today being `now`. */
  queries(now: string): DashboardQueries {
    const clock = new ManualClock(new Date(now));
    return new DashboardQueries(this.store, clock, new DashboardRankings(this.store, clock));
  }

  rankings(now: string): DashboardRankings {
    return new DashboardRankings(this.store, new ManualClock(new Date(now)));
  }

  series(metric: string, unit: 'd' | 'w' | 'm', key: string): Promise<number> {
    return this.store
      .collection<{ _id: string; value: number }>(ANALYTICS_SERIES)
      .findById(`${metric}|${unit}|${key}`)
      .then((d) => d?.value ?? 0);
  }

  /** Every document of every collection the projection owns, by collection then id. */
  async contents(): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const { name } of analyticsProjection.collections) {
      out[name] = (await this.store.collection(name).find({})).sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
    }
    return out;
  }

  private recorded(position: number, type: string, time: string, data: Record<string, unknown>): RecordedEvent {
    return {
      id: `e${position}`,
      type,
      data,
      schemaVersion: 1,
      metadata: { userId: null, correlationId: 'c', causationId: 'c' },
      time,
      streamId: 's',
      revision: 0,
      position,
    } as RecordedEvent;
  }
}
