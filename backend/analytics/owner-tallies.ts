import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ANALYTICS_AUTHOR_BUCKETS, ANALYTICS_SPEACH_BUCKETS, type OwnerBucket } from '../../projections/analytics.projection';
import type { ProjectedDocument } from '../../projections/projection';
import type { ProjectionRunner } from '../../projections/projection-runner';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { topK } from '../infrastructure/read-store/top-k';
import { PROJECTION_RUNNER, READ_STORE } from '../infrastructure/tokens';

export interface Tally {
  reads: number;
  ratingCount: number;
  ratingSum: number;
}

/** The rounded average the dashboard shows (0 when nobody rated). */
const note = (count: number, sum: number) => (count ? Math.round((sum / count) * 10) / 10 : 0);
export const average = (t: Tally) => note(t.ratingCount, t.ratingSum);

/** One slot's (a day or a month) counts, column-wise: entry k is owner `owners[k]`. */
class SlotColumns {
  readonly owners: number[] = [];
  readonly reads: number[] = [];
  readonly ratingCount: number[] = [];
  readonly ratingSum: number[] = [];
  private readonly entryOf = new Map<number, number>();

  set(owner: number, bucket: Tally): void {
    let entry = this.entryOf.get(owner);
    if (entry === undefined) {
      entry = this.owners.length;
      this.entryOf.set(owner, entry);
      this.owners.push(owner);
      this.reads.push(0);
      this.ratingCount.push(0);
      this.ratingSum.push(0);
    }
    // Bucket documents hold totals: setting them (not adding) makes a repeated write harmless.
    this.reads[entry] = bucket.reads;
    this.ratingCount[entry] = bucket.ratingCount;
    this.ratingSum[entry] = bucket.ratingSum;
  }
}

/** Per-owner counts of one bucket collection, by slot. */
class OwnerTable {
  readonly ownerIds: string[] = [];
  private readonly ownerIndex = new Map<string, number>();
  private readonly slots = new Map<string, SlotColumns>();

  put(doc: OwnerBucket): void {
    let owner = this.ownerIndex.get(doc.ownerId);
    if (owner === undefined) {
      owner = this.ownerIds.length;
      this.ownerIndex.set(doc.ownerId, owner);
      this.ownerIds.push(doc.ownerId);
    }
    let columns = this.slots.get(doc.slot);
    if (!columns) this.slots.set(doc.slot, (columns = new SlotColumns()));
    columns.set(owner, doc);
  }

  remove(id: string): void {
    // `{ownerId}|{slot}`: a removed bucket counts for nothing (never happens outside a rebuild).
    const cut = id.indexOf('|');
    const owner = this.ownerIndex.get(id.slice(0, cut));
    if (owner !== undefined) this.slots.get(id.slice(cut + 1))?.set(owner, { reads: 0, ratingCount: 0, ratingSum: 0 });
  }

  /** Sums of the given slots per owner index. */
  sum(slots: string[]): { reads: Float64Array; ratingCount: Float64Array; ratingSum: Float64Array } {
    const size = this.ownerIds.length;
    const out = { reads: new Float64Array(size), ratingCount: new Float64Array(size), ratingSum: new Float64Array(size) };
    for (const slot of slots) {
      const columns = this.slots.get(slot);
      if (!columns) continue;
      const { owners, reads, ratingCount, ratingSum } = columns;
      for (let k = 0; k < owners.length; k++) {
        const owner = owners[k];
        out.reads[owner] += reads[k];
        out.ratingCount[owner] += ratingCount[k];
        out.ratingSum[owner] += ratingSum[k];
      }
    }
    return out;
  }
}

/**
 * The dashboard rankings' tallies, kept beside the read model: the per-speach and per-author bucket
 * documents (projections/analytics.projection.ts) laid out per slot in plain number columns, so a
 * 12-month ranking adds up a dozen columns instead of reading hundreds of thousands of documents
 * (500 ms → a few ms on 100k speaches and 1M reads). Follows the bucket collections through the
 * projection runner's commit hook (rebuilds included) and loads what the store holds at boot, like
 * the search index.
 */
@Injectable()
export class OwnerTallies implements OnModuleInit {
  private tables = new Map<string, OwnerTable>([
    [ANALYTICS_SPEACH_BUCKETS, new OwnerTable()],
    [ANALYTICS_AUTHOR_BUCKETS, new OwnerTable()],
  ]);

  constructor(
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async onModuleInit(): Promise<void> {
    this.runner.onCommitted((collection, writes) => this.apply(collection, writes));
    for (const collection of this.tables.keys()) {
      const table = this.tables.get(collection)!;
      for (const doc of await this.store.collection<OwnerBucket>(collection).find({}, { readOnly: true })) table.put(doc);
    }
  }

  apply(collection: string, writes: Map<string, ProjectedDocument | null> | 'cleared'): void {
    const table = this.tables.get(collection);
    if (!table) return;
    if (writes === 'cleared') {
      this.tables.set(collection, new OwnerTable());
      return;
    }
    for (const [id, doc] of writes) {
      if (doc) table.put(doc as OwnerBucket);
      else table.remove(id);
    }
  }

  /**
   * The first `top` owners of the slots' sums with their tallies, best first: by reads (then
   * average), or by average rating (then ratings, then reads); owners with no read (no rating) are
   * left out; ties keep the order owners were first seen in.
   */
  leaders(collection: string, slots: string[], by: 'watch' | 'rating', top: number): Map<string, Tally> {
    const table = this.tables.get(collection);
    if (!table) throw new Error(`no tallies for ${collection}`);
    const { reads, ratingCount, ratingSum } = table.sum(slots);
    const averageOf = (i: number) => note(ratingCount[i], ratingSum[i]);
    const candidates: number[] = [];
    for (let i = 0; i < reads.length; i++) if (by === 'watch' ? reads[i] > 0 : ratingCount[i] > 0) candidates.push(i);
    const compare =
      by === 'watch'
        ? (a: number, b: number) => reads[b] - reads[a] || averageOf(b) - averageOf(a)
        : (a: number, b: number) => averageOf(b) - averageOf(a) || ratingCount[b] - ratingCount[a] || reads[b] - reads[a];
    const out = new Map<string, Tally>();
    for (const i of topK(candidates, top, compare)) out.set(table.ownerIds[i], { reads: reads[i], ratingCount: ratingCount[i], ratingSum: ratingSum[i] });
    return out;
  }
}
