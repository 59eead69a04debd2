import type { ProjectedDocument } from './projection';

/**
 * The documents projections read and wrote most recently, per collection, bounded (least recently
 * used first out). The projection runner is the only writer of its collections, so a document it
 * committed is the stored one until it writes it again: handlers read it from here instead of the
 * store (on SQLite a point lookup and a JSON parse per read were a fifth of a rebuild). Written
 * through after each commit, forgotten on a failed commit, emptied when a projection is reset or
 * switched. Cached documents are read-only, like `peekById`'s.
 */
export class DocumentCache {
  private readonly docs = new Map<string, ProjectedDocument | null>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** `undefined` when unknown; `null` when known to be absent. */
  get(collection: string, id: string): ProjectedDocument | null | undefined {
    const key = keyOf(collection, id);
    const doc = this.docs.get(key);
    if (doc === undefined) return undefined;
    // Most recently used last: Map keeps insertion order.
    this.docs.delete(key);
    this.docs.set(key, doc);
    return doc;
  }

  remember(collection: string, id: string, doc: ProjectedDocument | null): void {
    const key = keyOf(collection, id);
    this.docs.delete(key);
    this.docs.set(key, doc);
    if (this.docs.size > this.capacity) {
      // Evict a tenth at once: one pass over the oldest keys instead of one per insert.
      let drop = Math.ceil(this.capacity / 10);
      for (const oldest of this.docs.keys()) {
        if (drop-- <= 0) break;
        this.docs.delete(oldest);
      }
    }
  }

  forget(collections: Iterable<string>): void {
    const prefixes = [...collections].map((c) => `${c}\u0000`);
    if (prefixes.length === 0) return;
    for (const key of this.docs.keys()) if (prefixes.some((p) => key.startsWith(p))) this.docs.delete(key);
  }

  clear(): void {
    this.docs.clear();
  }

  get size(): number {
    return this.docs.size;
  }
}

/** About 100k small read-model documents: tens of MB, enough for a rebuild's working set of hot documents. */
export const DEFAULT_CAPACITY = 100_000;

function keyOf(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}
