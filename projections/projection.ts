import type { RecordedEvent } from '../events';
import type { Document, Filter, IndexSpec } from '../backend/infrastructure/read-store/read-store.port';

/** A read-model document remembers the last event applied to it, which makes handlers idempotent. */
export interface ProjectedDocument extends Document {
  _position?: number;
}

/** What a handler may do while a batch is applied. Writes are buffered and stored with the checkpoint. */
export interface ProjectionWriter {
  /**
   * Load, change and store one document. `change` gets the current document (null when absent)
   * and returns the new one, or null to delete it. Skipped when the document already carries this
   * event's position or a later one, so a redelivered event changes nothing.
   */
  upsert<T extends ProjectedDocument>(collection: string, id: string, change: (current: T | null) => T | null): Promise<void>;
  /** A document as the batch sees it (buffered writes included). */
  get<T extends ProjectedDocument>(collection: string, id: string): Promise<T | null>;
  /** Documents matching a filter, after the buffered writes are stored. */
  find<T extends ProjectedDocument>(collection: string, filter: Filter): Promise<T[]>;
}

export type ProjectionHandler = (event: RecordedEvent, writer: ProjectionWriter) => void | Promise<void>;

export interface ProjectionDefinition {
  /** Stable name: the checkpoint's key. */
  name: string;
  /** Bump it when the handlers change what they write: the projection is rebuilt from position 0. */
  version: number;
  /** The collections it owns (cleared on rebuild) and their indexes. */
  collections: { name: string; indexes?: IndexSpec[] }[];
  handlers: Record<string, ProjectionHandler>;
}
