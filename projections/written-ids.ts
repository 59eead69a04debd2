/**
 * The ids written to collections filled from empty (a projection rebuilt from position 0), as 30-bit hashes:
 * an id whose hash is not there was never written, so the document is absent without asking the store. On a
 * rebuild most lookups the document cache cannot answer are of documents not written yet (a new notification,
 * a new learner), and each was a SQL point lookup that found nothing: 13 % of a quick-set rebuild. A hash that
 * collides only costs that lookup again; small integers keep the sets a few bytes per document (a set of the
 * id strings would hold every id of the fill in the heap).
 */
export class WrittenIds {
  private readonly collections = new Map<string, Set<number>>();

  /** From now on `collection` holds only what is `add`ed (it was just emptied or created). */
  track(collection: string): void {
    this.collections.set(collection, new Set());
  }

  /** Back to "unknown": the collection may hold ids this object was not told of. */
  untrack(collection: string): void {
    this.collections.delete(collection);
  }

  clear(): void {
    this.collections.clear();
  }

  add(collection: string, id: string): void {
    this.collections.get(collection)?.add(hashOf(id));
  }

  /** True only when the collection is tracked and `id` was certainly never written to it. */
  absent(collection: string, id: string): boolean {
    const ids = this.collections.get(collection);
    return ids !== undefined && !ids.has(hashOf(id));
  }
}

/** FNV-1a over the UTF-16 code units, cut to 30 bits: a small integer, stored unboxed in a Set. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash & 0x3fffffff;
}
