import type { DomainEvent, RecordedEvent } from './envelope';

/**
 * Current schema version of every event type, and the upcasters that lift an older stored version
 * to the next one. Readers always see the current shape: the store keeps what was written.
 */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

interface TypeEntry {
  version: number;
  upcasters: Map<number, Upcaster>; // from version n to n + 1
}

const registry = new Map<string, TypeEntry>();

export function registerEventType(type: string, version = 1, upcasters: Record<number, Upcaster> = {}): void {
  registry.set(type, {
    version,
    upcasters: new Map(Object.entries(upcasters).map(([from, fn]) => [Number(from), fn])),
  });
}

export function currentSchemaVersion(type: string): number {
  return registry.get(type)?.version ?? 1;
}

/** Lifts a recorded event to the current schema version of its type. Unknown types pass through unchanged. */
export function upcast<E extends DomainEvent>(event: RecordedEvent<E>): RecordedEvent<E> {
  const entry = registry.get(event.type);
  if (!entry || event.schemaVersion >= entry.version) return event;
  let data = event.data as Record<string, unknown>;
  let version = event.schemaVersion;
  while (version < entry.version) {
    const up = entry.upcasters.get(version);
    if (!up) throw new Error(`No upcaster for ${event.type} from schema version ${version}`);
    data = up(data);
    version += 1;
  }
  return { ...event, data: data as E['data'], schemaVersion: version };
}
