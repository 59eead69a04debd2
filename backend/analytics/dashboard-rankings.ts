import { Inject, Injectable } from '@nestjs/common';
import type { Period } from '../../projections/analytics-buckets';
import {
  ANALYTICS_TALLY_CLOCK,
  COUNT_FIELDS,
  type Counts,
  type OwnerBucket,
  type OwnerTally,
  type Ranking,
  TALLIED_DAY_BUCKETS,
  TALLY_CLOCK_ID,
  type TallyClock,
  correctionDays,
  noCounts,
  rankRange,
  ranked,
  slotOf,
  tallyId,
  tallyOf,
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
  async leaders(tallies: string, period: Period, ranking: Ranking, top: number): Promise<OwnerTally[]> {
    const corrections = await this.corrections(tallies, period);
    if (!corrections) return [];
    const collection = this.store.collection<OwnerTally>(tallies);
    // The owners without corrections keep their stored order: `top` of them are among the first `top + corrected`.
    const stored = await collection.find(rankRange(ranking, period), { sort: { [ranking]: 1 }, limit: top + corrections.size });
    if (!corrections.size) return stored.filter((t) => ranked(ranking, t));
    const rows = await this.corrected(collection, period, stored, corrections);
    return rows
      .filter((t) => ranked(ranking, t))
      .sort((a, b) => (a[ranking] < b[ranking] ? -1 : a[ranking] > b[ranking] ? 1 : 0))
      .slice(0, top);
  }

  /** Every owner with counts in the period (for the few categories). */
  async all(tallies: string, period: Period): Promise<OwnerTally[]> {
    const corrections = await this.corrections(tallies, period);
    if (!corrections) return [];
    const collection = this.store.collection<OwnerTally>(tallies);
    const stored = await collection.find({ period });
    return corrections.size ? this.corrected(collection, period, stored, corrections) : stored;
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

  private async corrected(collection: { findByIds(ids: string[]): Promise<OwnerTally[]> }, period: Period, stored: OwnerTally[], corrections: Map<string, Counts>): Promise<OwnerTally[]> {
    const byOwner = new Map(stored.map((t) => [t.ownerId, t]));
    const missing = [...corrections.keys()].filter((owner) => !byOwner.has(owner));
    for (const t of await collection.findByIds(missing.map((owner) => tallyId(period, owner)))) byOwner.set(t.ownerId, t);
    const out: OwnerTally[] = [];
    for (const [owner, t] of byOwner) if (!corrections.has(owner)) out.push(t);
    for (const [owner, change] of corrections) {
      const t = byOwner.get(owner);
      const counts = noCounts();
      for (const field of COUNT_FIELDS) counts[field] = (t?.[field] ?? 0) + change[field];
      const tally = tallyOf(period, owner, counts);
      if (tally) out.push(tally);
    }
    return out;
  }
}
