import type { RecordedEvent } from './envelope';
import { currentSchemaVersion, registerEventType, upcast } from './schema-registry';
import { uuidv7 } from './uuid';

function stored(type: string, schemaVersion: number, data: Record<string, unknown>): RecordedEvent {
  return {
    id: uuidv7(),
    type,
    data,
    schemaVersion,
    metadata: { userId: null, correlationId: 'c', causationId: 'c' },
    time: '2026-01-01T00:00:00.000Z',
    streamId: 'x-1',
    revision: 0,
    position: 1,
  };
}

describe('event schema versions and upcasters', () => {
  registerEventType('TestRenamed', 3, {
    1: (data) => ({ ...data, title: data.name, name: undefined }),
    2: (data) => ({ ...data, title: String(data.title).trim() }),
  });

  it('lifts an old stored event through every upcaster to the current version', () => {
    const lifted = upcast(stored('TestRenamed', 1, { name: '  Old  ' }));
    expect(lifted.schemaVersion).toBe(3);
    expect(lifted.data).toEqual({ title: 'Old', name: undefined });
  });

  it('leaves current and unknown events as they are', () => {
    const current = stored('TestRenamed', 3, { title: 'New' });
    expect(upcast(current)).toBe(current);
    const unknown = stored('NeverRegistered', 1, { a: 1 });
    expect(upcast(unknown)).toBe(unknown);
    expect(currentSchemaVersion('NeverRegistered')).toBe(1);
  });

  it('refuses a version with no upcaster rather than guessing', () => {
    registerEventType('TestGap', 3, { 2: (d) => d });
    expect(() => upcast(stored('TestGap', 1, {}))).toThrow('No upcaster for TestGap from schema version 1');
  });
});

describe('uuidv7', () => {
  it('makes RFC 9562 version 7 ids that sort in creation order', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
