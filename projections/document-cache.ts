import type { ProjectedDocument } from './projection';
import { WrittenIds } from './written-ids';

/** Documents by collection, then id: no key strings to build per lookup. */
class Generation {
  readonly collections = new Map<string, Map<string, ProjectedDocument | null>>();
  size = 0;

  get(collection: string, id: string): ProjectedDocument | null | undefined {
    return this.collections.get(collection)?.get(id);
  }

  set(collection: string, id: string, doc: ProjectedDocument | null): void {
    let docs = this.collections.get(collection);
    if (!docs) this.collections.set(collection, (docs = new Map()));
    const before = docs.size;
    docs.set(id, doc);
    this.size += docs.size - before;
  }

  forget(collection: string): void {
    this.size -= this.collections.get(collection)?.size ?? 0;
    this.collections.delete(collection);
  }
}

/**
 * The documents projections read and wrote most recently, bounded. The projection runner is the only
 * writer of its collections, so a document it committed is the stored one until it writes it again:
 * handlers read it from here instead of the store (on SQLite a point lookup and a JSON parse per read
 * were a fifth of a rebuild). Written through after each commit, forgotten on a failed commit, emptied
 * when a projection is reset or switched. Cached documents are read-only, like `peekById`'s.
 *
 * Two generations instead of an exact LRU order: a hit moved its key to the end of one 100k-entry Map
 * (a delete and a set, and the garbage of a key string), which cost a rebuild more than the SQLite
 * lookups it saved (11 % of a quick-set rebuild's profile). Here a document used or written goes to the
 * young generation; when that holds half the capacity it becomes the old one and the previous old one
 * is dropped, so what was not used during one generation leaves first.
 */
export class DocumentCache {
  private young = new Generation();
  private old = new Generation();
  /** Of the collections being filled from empty, every id written: the others are absent. */
  private readonly written = new WrittenIds();

  constructor(private capacity = DEFAULT_CAPACITY) {}

  /** `undefined` when unknown; `null` when known to be absent. */
  get(collection: string, id: string): ProjectedDocument | null | undefined {
    const recent = this.young.get(collection, id);
    if (recent !== undefined) return recent;
    const doc = this.old.get(collection, id);
    if (doc !== undefined) this.keep(collection, id, doc);
    else if (this.written.absent(collection, id)) return null;
    return doc;
  }

  remember(collection: string, id: string, doc: ProjectedDocument | null): void {
    this.keep(collection, id, doc);
    if (doc) this.written.add(collection, id);
  }

  /**
   * The collections were just emptied (or created) and only this cache's owner writes them: from now on
   * an id never `remember`ed with a document is answered absent. Until `filled` or `forget`.
   */
  fillingFromEmpty(collections: Iterable<string>): void {
    for (const collection of collections) this.written.track(collection);
  }

  /** The fill caught up: lookups the generations cannot answer go to the store again (and the ids' memory is freed). */
  filled(collections: Iterable<string>): void {
    for (const collection of collections) this.written.untrack(collection);
  }

  forget(collections: Iterable<string>): void {
    for (const collection of collections) {
      this.young.forget(collection);
      this.old.forget(collection);
      // A failed commit may or may not have stored its writes (not on SQLite, but on other stores): unknown again.
      this.written.untrack(collection);
    }
  }

  clear(): void {
    this.young = new Generation();
    this.old = new Generation();
    this.written.clear();
  }

  /**
   * From now on at most `capacity` entries: a catch-up's working set (100k documents, most of a cold start's live
   * heap) is let go once the projections serve live commands, whose documents are few; what is dropped is read from
   * the store again when needed.
   */
  shrinkTo(capacity: number): void {
    if (capacity >= this.capacity) return;
    this.capacity = capacity;
    this.old = new Generation();
    if (this.young.size > capacity / 2) this.young = new Generation();
  }

  /** Entries held (a document in both generations counts twice). */
  get size(): number {
    return this.young.size + this.old.size;
  }

  private keep(collection: string, id: string, doc: ProjectedDocument | null): void {
    // The young generation is read first: an older copy of the document left in the old one is never answered.
    this.young.set(collection, id, doc);
    if (this.young.size > this.capacity / 2) {
      this.old = this.young;
      this.young = new Generation();
    }
  }
}

/** About 100k small read-model documents: tens of MB, enough for a rebuild's working set of hot documents. */
export const DEFAULT_CAPACITY = 100_000;

/** Once every projection of a store is live: the documents of recent commands. */
export const LIVE_CAPACITY = 10_000;
