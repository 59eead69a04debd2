import type { RecordedEvent } from '../events';
import type { CollectionWrites, Document, Filter, ReadStore, WriteOperation } from '../backend/infrastructure/read-store/read-store.port';
import { matcher } from '../backend/infrastructure/read-store/compile-filter';
import type { DocumentCache } from './document-cache';
import type { ProjectedDocument, ProjectionWriter } from './projection';

const DONE: Promise<void> = Promise.resolve();

/** Buffers one projection's writes over a batch of events; `commit` stores them with bulk writes. */
export class UnitOfWork implements ProjectionWriter {
  private readonly buffer = new Map<string, Map<string, ProjectedDocument | null>>();
  private event: RecordedEvent | null = null;
  /**
   * This batch's answers to `find`, per collection and filter, until a write to that collection (or the
   * batch's end): a handler that looks the same set up for every event (the notifications' administrators,
   * 25k times in the quick set's rebuild) no longer queries the store and tests the whole batch each time.
   */
  private readonly found = new Map<string, Map<string, ProjectedDocument[]>>();
  /** Counts the buffer's changes: an answer the store gave while a change was made is not kept. */
  private changes = 0;
  /** What the current event's writes replaced in the buffer, to take them back if its handler fails. */
  private undo: { docs: Map<string, ProjectedDocument | null>; id: string; had: boolean; previous: ProjectedDocument | null }[] = [];

  constructor(
    private readonly store: ReadStore,
    /** Told of every stored write, after it is stored (in-process indexes such as search follow the read model). */
    private readonly onCommitted?: (collection: string, writes: Map<string, ProjectedDocument | null>) => void,
    /** Documents this store holds as the projections last committed them (the runner's, per store). */
    private readonly cache?: DocumentCache,
  ) {}

  /** The event being applied: its position is stamped on every document written. */
  applying(event: RecordedEvent): void {
    this.event = event;
    this.undo = [];
  }

  /** Takes back the current event's writes (its handler failed half-way): the batch keeps the events before it. */
  discardEvent(): void {
    this.found.clear();
    this.changes += 1;
    for (const { docs, id, had, previous } of this.undo.reverse()) {
      if (had) docs.set(id, previous);
      else docs.delete(id);
    }
    this.undo = [];
  }

  upsert<T extends ProjectedDocument>(collection: string, id: string, change: (current: T | null) => T | null): Promise<void> {
    const event = this.event;
    if (!event) return Promise.reject(new Error('upsert outside of an event'));
    // A document the batch or the cache knows is changed at once: no awaited lookup, no promise of its own
    // (most upserts of a rebuild; their promises and microtasks were a good part of its garbage).
    const known = this.known<T>(collection, id);
    if (known === undefined) return this.stored<T>(collection, id).then((current) => this.change(event, collection, id, current, change));
    try {
      this.change(event, collection, id, known, change);
      return DONE;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async get<T extends ProjectedDocument>(collection: string, id: string): Promise<T | null> {
    const known = this.known<T>(collection, id);
    return known !== undefined ? known : this.stored<T>(collection, id);
  }

  private change<T extends ProjectedDocument>(
    event: RecordedEvent,
    collection: string,
    id: string,
    current: T | null,
    change: (current: T | null) => T | null,
  ): void {
    if (current && (current._position ?? 0) >= event.position) return; // already applied: idempotent
    const next = change(current);
    this.changes += 1;
    this.found.delete(collection);
    const docs = this.docs(collection);
    this.undo.push({ docs, id, had: docs.has(id), previous: docs.get(id) ?? null });
    docs.set(id, next ? { ...next, _id: id, _position: event.position } : null);
  }

  /** The batch's or the cache's answer (null: absent), or undefined when only the store knows. */
  private known<T extends ProjectedDocument>(collection: string, id: string): T | null | undefined {
    const buffered = this.buffer.get(collection);
    if (buffered?.has(id)) return (buffered.get(id) as T | null) ?? null;
    return this.cache?.get(collection, id) as T | null | undefined;
  }

  private async stored<T extends ProjectedDocument>(collection: string, id: string): Promise<T | null> {
    // Read-only view of the stored document: handlers derive new documents with spreads.
    const stored = (await this.store.collection<T>(collection).peekById(id)) ?? null;
    this.cache?.remember(collection, id, stored);
    return stored;
  }

  /**
   * The stored matches with this batch's own writes laid over them (a buffered change replaces its
   * stored document, a buffered deletion removes it, a buffered new document that matches is added),
   * so a lookup does not commit the batch half-way. Read-only, like `get`.
   */
  async find<T extends ProjectedDocument>(collection: string, filter: Filter): Promise<T[]> {
    const key = JSON.stringify(filter, (_, value: unknown) => (value instanceof RegExp ? `RegExp ${String(value)}` : value));
    const known = this.found.get(collection)?.get(key);
    if (known) return known.slice() as T[];
    const changes = this.changes;
    const stored = await this.store.collection<T>(collection).find(filter, { readOnly: true });
    const buffered = this.buffer.get(collection);
    let out = stored;
    if (buffered?.size) {
      const matches = matcher(filter);
      out = [];
      for (const doc of stored) {
        if (!buffered.has(doc._id)) out.push(doc);
      }
      for (const doc of buffered.values()) if (doc && matches(doc)) out.push(doc as T);
    }
    if (changes === this.changes) {
      let byFilter = this.found.get(collection);
      if (!byFilter) this.found.set(collection, (byFilter = new Map()));
      byFilter.set(key, out.slice());
    }
    return out;
  }

  get pendingWrites(): number {
    let n = 0;
    for (const docs of this.buffer.values()) n += docs.size;
    return n;
  }

  /** The batch's writes, one per document, for the store to commit with the checkpoint. */
  writes(): CollectionWrites[] {
    const writes: CollectionWrites[] = [];
    for (const [collection, docs] of this.buffer) {
      const operations: WriteOperation<Document>[] = [];
      for (const [id, doc] of docs) operations.push(doc ? { kind: 'replace', doc, adopt: true } : { kind: 'delete', id });
      if (operations.length) writes.push({ collection, operations });
    }
    return writes;
  }

  /** After the store committed `writes()`: tells the listener and starts an empty batch. */
  committed(): void {
    this.found.clear();
    for (const [collection, docs] of this.buffer) {
      if (this.cache) for (const [id, doc] of docs) this.cache.remember(collection, id, doc);
      if (docs.size) this.onCommitted?.(collection, docs);
    }
    this.buffer.clear();
  }

  /** A commit failed: what this batch touched may or may not be stored, so the cache forgets it. */
  failed(): void {
    this.found.clear();
    this.cache?.forget(this.buffer.keys());
    this.buffer.clear();
  }

  async commit(): Promise<void> {
    this.found.clear();
    for (const [collection, docs] of this.buffer) {
      const operations: WriteOperation<Document>[] = [];
      for (const [id, doc] of docs) operations.push(doc ? { kind: 'replace', doc, adopt: true } : { kind: 'delete', id });
      if (operations.length) await this.store.collection(collection).bulkWrite(operations);
      if (this.cache) for (const [id, doc] of docs) this.cache.remember(collection, id, doc);
      if (operations.length) this.onCommitted?.(collection, docs);
    }
    this.buffer.clear();
  }

  private docs(collection: string): Map<string, ProjectedDocument | null> {
    let docs = this.buffer.get(collection);
    if (!docs) this.buffer.set(collection, (docs = new Map()));
    return docs;
  }
}
