import { Inject, Injectable } from '@nestjs/common';
import type { Period } from '../../projections/analytics-buckets';
import {
  ANALYTICS_TALLY_CLOCK,
  COUNT_FIELDS,
  type Counts,
  type OwnerBucket,
  type OwnerTally,
  type PeriodTally,
  type Ranking,
  TALLIED_DAY_BUCKETS,
  TALLY_CLOCK_ID,
  type TallyClock,
  correctionDays,
  noCounts,
  periodTally,
  rankKey,
  rankPath,
  rankedIn,
  slotOf,
} from '../../projections/analytics.projection';
import { Clock } from '../infrastructure/clock/clock';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';

/**
 * The rankings, read from the analytics projection's tallies (projections/analytics-tallies.ts): one
 * indexed range with a limit. Stored documents rather than columns in memory, because a ranking then
 * costs the same on every store, needs nothing loaded at start, and follows the projection's batches and
 * checkpoint (rebuilds included) with no hook. When no event was counted today, the tallies' windows
 * end before the period does: the owners with buckets on the days in between are corrected here.
 */
@Injectable()
export class DashboardRankings {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly clock: Clock,
  ) {}

  /** The first `top` owners of a ranking, best first (the order of `rankKey`), with their counts in the period. */
  async leaders(tallies: string, period: Period, ranking: Ranking, top: number): Promise<PeriodTally[]> {
    const corrections = await this.corrections(tallies, period);
    if (!corrections) return [];
    const collection = this.store.collection<OwnerTally>(tallies);
    // The owners without corrections keep their stored order: `top` of them are among the first `top + corrected`.
    const path = rankPath(ranking, period);
    const stored = await collection.find(rankedIn(ranking, period), { sort: { [path]: 1 }, limit: top + corrections.size });
    if (!corrections.size) return stored.map((t) => periodTally(t.ownerId, t.periods[period]!));
    const keyed: [string, PeriodTally][] = [];
    for (const t of await this.corrected(collection, period, stored, corrections)) {
      const key = rankKey(ranking, t.ownerId, t);
      if (key) keyed.push([key, t]);
    }
    return keyed
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, top)
      .map(([, t]) => t);
  }

  /** Every owner with counts in the period (for the few categories). */
  async all(tallies: string, period: Period): Promise<PeriodTally[]> {
    const corrections = await this.corrections(tallies, period);
    if (!corrections) return [];
    const collection = this.store.collection<OwnerTally>(tallies);
    const stored = (await collection.find({})).filter((t) => t.periods[period]);
    return corrections.size ? this.corrected(collection, period, stored, corrections) : stored.map((t) => periodTally(t.ownerId, t.periods[period]!));
  }

  /**
   * What to add to each owner's tally to get the period up to today: nothing in the usual case, null
   * when the period holds no counted day (or nothing was ever counted).
   */
  private async corrections(tallies: string, period: Period): Promise<Map<string, Counts> | null> {
    const asOf = (await this.store.collection<TallyClock>(ANALYTICS_TALLY_CLOCK).findById(TALLY_CLOCK_ID))?.day;
    if (!asOf) return null;
    const days = correctionDays(period, asOf, this.clock.now());
    if (!days) return null;
    const out = new Map<string, Counts>();
    if (!days.length) return out;
    const sign = new Map(days.map((d) => [slotOf('d', d.day), d.sign]));
    const buckets = await this.store.collection<OwnerBucket>(TALLIED_DAY_BUCKETS[tallies]).find({ slot: { $in: [...sign.keys()] } });
    for (const bucket of buckets) {
      let counts = out.get(bucket.ownerId);
      if (!counts) out.set(bucket.ownerId, (counts = noCounts()));
      for (const field of COUNT_FIELDS) counts[field] += sign.get(bucket.slot)! * (bucket[field] ?? 0);
    }
    return out;
  }

  /** The period's counts of the stored owners and of the corrected ones, corrections applied. */
  private async corrected(
    collection: { findByIds(ids: string[]): Promise<OwnerTally[]> },
    period: Period,
    stored: OwnerTally[],
    corrections: Map<string, Counts>,
  ): Promise<PeriodTally[]> {
    const byOwner = new Map(stored.map((t) => [t.ownerId, t]));
    for (const t of await collection.findByIds([...corrections.keys()].filter((owner) => !byOwner.has(owner)))) byOwner.set(t.ownerId, t);
    const out: PeriodTally[] = [];
    for (const [owner, t] of byOwner) {
      const counts = { ...(t.periods[period] ?? noCounts()) };
      const change = corrections.get(owner);
      if (change) for (const field of COUNT_FIELDS) counts[field] += change[field];
      if (COUNT_FIELDS.some((field) => counts[field] !== 0)) out.push(periodTally(owner, counts));
    }
    for (const [owner, change] of corrections)
      if (!byOwner.has(owner) && COUNT_FIELDS.some((field) => change[field] !== 0)) out.push(periodTally(owner, change));
    return out;
  }
}
