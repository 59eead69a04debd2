import { type NewEvent, uuidv7 } from '../../events';

/** A new event with fresh id and metadata, for tests that talk to a store directly. */
export function newEvent(type: string, data: Record<string, unknown> = {}, userId: string | null = 'tester'): NewEvent {
  const id = uuidv7();
  return {
    id,
    type,
    data,
    schemaVersion: 1,
    metadata: { userId, correlationId: id, causationId: id },
    time: new Date().toISOString(),
  };
}

export function uniqueStream(category = 'test'): string {
  return `${category}-${uuidv7()}`;
}
