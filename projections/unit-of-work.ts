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
    const stored = await this.store.collection<T>(collection).find(filter, { readOnly: true });
    const buffered = this.buffer.get(collection);
    if (!buffered?.size) return stored;
    const matches = matcher(filter);
    const out: T[] = [];
    for (const doc of stored) {
      if (!buffered.has(doc._id)) out.push(doc);
    }
    for (const doc of buffered.values()) if (doc && matches(doc)) out.push(doc as T);
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
    for (const [collection, docs] of this.buffer) {
      if (this.cache) for (const [id, doc] of docs) this.cache.remember(collection, id, doc);
      if (docs.size) this.onCommitted?.(collection, docs);
    }
    this.buffer.clear();
  }

  /** A commit failed: what this batch touched may or may not be stored, so the cache forgets it. */
  failed(): void {
    this.cache?.forget(this.buffer.keys());
    this.buffer.clear();
  }

  async commit(): Promise<void> {
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
