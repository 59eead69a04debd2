/**
 * The ids written to collections filled from empty (a projection rebuilt from position 0), as 32-bit hashes:
 * an id whose hash is not there was never written, so the document is absent without asking the store. On a
 * rebuild most lookups the document cache cannot answer are of documents not written yet (a new notification,
 * a new learner), and each was a SQL point lookup that found nothing: 94 % of a quick-set rebuild's lookups.
 * A hash that collides only costs that lookup again. The hashes sit in typed arrays (4 to 8 bytes per
 * document, outside the collector's work): a `Set` of numbers took 31 bytes per id and twice that in the
 * resident set while growing, and a set of the id strings would hold every id of the fill in the heap.
 */
export class WrittenIds {
  private readonly collections = new Map<string, HashSet32>();

  /** From now on `collection` holds only what is `add`ed (it was just emptied or created). */
  track(collection: string): void {
    this.collections.set(collection, new HashSet32());
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

/** Non-zero 32-bit values in an open-addressing table (linear probing, at most half full; 0 marks a free slot). */
class HashSet32 {
  private slots = new Uint32Array(1024);
  private size = 0;

  add(hash: number): void {
    if ((this.size + 1) * 2 > this.slots.length) this.grow();
    if (insert(this.slots, hash)) this.size++;
  }

  has(hash: number): boolean {
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const value = slots[i];
      if (value === hash) return true;
      if (value === 0) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (const value of old) if (value !== 0) insert(this.slots, value);
  }
}

function insert(slots: Uint32Array, hash: number): boolean {
  const mask = slots.length - 1;
  for (let i = hash & mask; ; i = (i + 1) & mask) {
    const value = slots[i];
    if (value === hash) return false;
    if (value === 0) {
      slots[i] = hash;
      return true;
    }
  }
}

/** FNV-1a over the UTF-16 code units, mixed (murmur3's finaliser: the table uses the low bits), never 0. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0 || 1;
}
