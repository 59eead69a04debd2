import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type NewEvent, type RecordedEvent, registerEventType, uuidv7 } from '../../../events';
import { startTestApp } from '../../../test/support/test-app';
import type { Adapters } from '../adapters';
import { ADAPTERS } from '../tokens';
import { SqliteEventStore } from './sqlite-event-store';
import { upcastingEventStore } from './upcasting-event-store';

/** A type whose payload changed twice since the first events were stored. */
const TYPE = 'UpcastTestItemRenamed';

function renamedV1(name: string): NewEvent {
  return {
    id: uuidv7(),
    type: TYPE,
    data: { name },
    schemaVersion: 1,
    metadata: { userId: 'u1', correlationId: 'c1', causationId: 'c1' },
    time: '2025-01-01T00:00:00.000Z',
  };
}

describe('upcasting on read from the store (issue 25)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'upcasting-'));
  const file = join(dir, 'events.sqlite');

  beforeAll(async () => {
    // What an older release wrote: version 1 payloads, before the type had any upcaster.
    const old = new SqliteEventStore(file);
    await old.appendToStream('item-1', [renamedV1('  Forklift  '), renamedV1('Crane')], { expectedRevision: 'no_stream' });
    await old.close();
    // This release: v2 renamed `name` to `title`, v3 trims it.
    registerEventType(TYPE, 3, {
      1: (data) => ({ title: data.name }),
      2: (data) => ({ ...data, title: String(data.title).trim() }),
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the file keeps the old shape', () => {
    const db = new Database(file, { readonly: true });
    try {
      const raw = db.prepare('SELECT * FROM messages ORDER BY global_position').all() as Record<string, unknown>[];
      expect(raw).toHaveLength(2);
      expect(JSON.stringify(raw)).toContain('  Forklift  ');
      expect(JSON.stringify(raw)).not.toContain('title');
    } finally {
      db.close();
    }
  });

  it('readStream, readAll and the $all subscription answer the current shape of the stored old events', async () => {
    const raw = new SqliteEventStore(file);
    const store = upcastingEventStore(raw);
    try {
      const current = [
        expect.objectContaining({ type: TYPE, schemaVersion: 3, data: { title: 'Forklift' }, revision: 0 }),
        expect.objectContaining({ type: TYPE, schemaVersion: 3, data: { title: 'Crane' }, revision: 1 }),
      ];
      expect(await store.readStream('item-1')).toEqual(current);
      expect(await store.readAll()).toEqual(current);
      const delivered = await new Promise<RecordedEvent[]>((resolve, reject) => {
        const subscription = store.subscribeToAll({ after: 0, onEvents: (events) => void subscription.stop().then(() => resolve(events)), onError: reject });
      });
      expect(delivered).toEqual(current);
      // Unchanged underneath: the store and its hash chain keep what was written.
      expect((await raw.readStream('item-1')).map((e) => [e.schemaVersion, e.data])).toEqual([
        [1, { name: '  Forklift  ' }],
        [1, { name: 'Crane' }],
      ]);
      expect(store.adapter).toBe('sqlite');
      expect(await store.headPosition()).toBe(2);
    } finally {
      await raw.close();
    }
  });

  it('is how the application reads its store', async () => {
    const t = await startTestApp({ seed: false });
    try {
      await t.adapters.eventStore.appendToStream('item-2', [renamedV1(' Hoist ')], { expectedRevision: 'no_stream' });
      const [event] = await t.app.get<Adapters>(ADAPTERS).eventStore.readStream('item-2');
      expect(event).toMatchObject({ schemaVersion: 3, data: { title: 'Hoist' } });
    } finally {
      await t.close();
    }
  });
});
