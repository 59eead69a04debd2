/**
 * Event contracts shared by the backend, the projections and the tests. No Nest, no I/O.
 *
 * A domain event is a fact in the past tense with a stable `type` string and a schema `version`.
 * Once stored it is wrapped in a RecordedEvent that adds where and when it was stored.
 */

export type EventData = Record<string, unknown>;

/** A domain event as deciders produce it: its type, its payload and the schema version of that payload. */
export interface DomainEvent<Type extends string = string, Data extends EventData = EventData> {
  type: Type;
  data: Data;
}

/** The `userId` of events the platform causes by itself (its own policies, setting up an installation). */
export const SYSTEM_USER_ID = 'system';

/** Who caused an event and why: carried on every stored event. */
export interface EventMetadata {
  /** User who caused the event, or SYSTEM_USER_ID for the platform's own policies; null only in logs written before every event named one. */
  userId: string | null;
  /** Shared by every event caused, directly or not, by one request. */
  correlationId: string;
  /** The id of the command or event that caused this one. */
  causationId: string;
  /** Extra context (client, request id, upcast trail); never secrets. */
  [key: string]: unknown;
}

/** An event on its way into the store. */
export interface NewEvent<E extends DomainEvent = DomainEvent> {
  /** UUIDv7 chosen by the writer, so an append can be verified (and deduplicated) by id. */
  id: string;
  type: E['type'];
  data: E['data'];
  schemaVersion: number;
  metadata: EventMetadata;
  /** When the fact happened (ISO 8601), from the clock port, not from the store. */
  time: string;
}

/** An event as read back from the store. */
export interface RecordedEvent<E extends DomainEvent = DomainEvent> extends NewEvent<E> {
  streamId: string;
  /** 0-based revision of the event inside its stream. */
  revision: number;
  /** Position in the global `$all` order; strictly increasing, starts at 1. */
  position: number;
}

/** The category of a stream `{category}-{id}`. */
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}

export function streamName(category: string, id: string): string {
  return `${category}-${id}`;
}
