import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type IdempotencyRecord, type IdempotencyStore, MemoryIdempotencyStore } from './idempotency-store';
import { SqliteIdempotencyStore } from './sqlite-idempotency-store';

const record = (createdAt: number, fingerprint = 'f'): IdempotencyRecord => ({
  fingerprint,
  correlationId: 'c',
  userId: 'u',
  startPosition: 7,
  createdAt,
  outcome: null,
});
const HOUR = 3600_000;

describe.each([
  ['memory', () => new MemoryIdempotencyStore(3)],
  ['sqlite', () => new SqliteIdempotencyStore(':memory:', 3, HOUR)],
])('%s idempotency store', (_name, make: () => IdempotencyStore) => {
  let store: IdempotencyStore;
  beforeEach(() => {
    store = make();
  });
  afterEach(() => store.close());

  it('keeps a record from its start to its answer, and forgets an abandoned one', async () => {
    await store.begin('a', record(1000));
    expect(await store.find('a', 0)).toEqual(record(1000));
    await store.complete('a', { body: { id: 'x' }, headers: { etag: 'W/"1"' }, position: 9 });
    expect((await store.find('a', 0))?.outcome).toEqual({ body: { id: 'x' }, headers: { etag: 'W/"1"' }, position: 9 });
    await store.abandon('a');
    expect(await store.find('a', 0)).toBeNull();
  });

  it('keeps an empty answer as one', async () => {
    await store.begin('a', record(1000));
    await store.complete('a', { body: undefined, headers: {}, position: 0 });
    expect((await store.find('a', 0))?.outcome).toEqual({ body: undefined, headers: {}, position: 0 });
  });

  it('does not answer a record older than the expiry', async () => {
    await store.begin('a', record(1000));
    expect(await store.find('a', 1001)).toBeNull();
  });
});

describe('memory idempotency store', () => {
  it('keeps at most maxKeys records, dropping the oldest', async () => {
    const store = new MemoryIdempotencyStore(2);
    for (const [i, scope] of ['a', 'b', 'c'].entries()) await store.begin(scope, record(i));
    expect(await store.find('a', 0)).toBeNull();
    expect(await store.find('c', 0)).not.toBeNull();
  });
});

describe('sqlite idempotency store', () => {
  it('outlives a restart, and trims expired and surplus records', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idem-'));
    try {
      const file = join(dir, 'idempotency.sqlite');
      let store = new SqliteIdempotencyStore(file, 600, HOUR);
      await store.begin('kept', record(10 * HOUR));
      await store.complete('kept', { body: [1, 2], headers: {}, position: 3 });
      store.close();
      store = new SqliteIdempotencyStore(file, 600, HOUR);
      expect((await store.find('kept', 0))?.outcome?.body).toEqual([1, 2]);
      // Every 500 new records trim the table: the expired one goes, and past 600 the oldest go.
      for (let i = 0; i < 1000; i++) await store.begin(`k${i}`, record(11 * HOUR + i));
      expect(await store.find('kept', 0)).toBeNull();
      expect(await store.find('k0', 0)).toBeNull();
      expect(await store.find('k999', 0)).not.toBeNull();
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
