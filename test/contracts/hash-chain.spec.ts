import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENESIS_HASH, chainHash, signHead, verifyChain } from '../../backend/infrastructure/event-store/hash-chain';
import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
import { newEvent, uniqueStream } from '../support/events';

const ROOT = join(__dirname, '..', '..');

/** Runs `audit:verify` on a data directory, as the npm script does but from the sources. */
const KEY = 'contract-audit-key';

function auditVerify(dataDir: string) {
  const run = spawnSync(process.execPath, ['-r', join(ROOT, 'test/support/swc-register.js'), join(ROOT, 'backend/cli/audit-verify.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', AUDIT_KEY: KEY },
    encoding: 'utf8',
  });
  return { code: run.status, out: run.stdout + run.stderr };
}

describe('Tamper evidence on the SQLite event store', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'chain-'));
    file = join(dir, 'events.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function storeWithEvents(count: number): Promise<void> {
    const store = new SqliteEventStore(file, { headKey: Buffer.from(KEY) });
    const stream = uniqueStream('speach');
    await store.appendToStream(stream, [newEvent('SpeachCreated', { speachId: 's1', title: 'Forklift' })], { expectedRevision: 'no_stream' });
    for (let i = 1; i < count; i++)
      await store.appendToStream(stream, [newEvent('SpeachDetailsChanged', { speachId: 's1', title: `Forklift ${i}` })], { expectedRevision: i - 1 });
    await store.close();
  }

  it('detects a row whose data was changed in the file, at that position, and audit:verify exits 1', async () => {
    await storeWithEvents(6);
    expect(auditVerify(dir)).toEqual({ code: 0, out: expect.stringMatching(/^OK 6 events/) });

    const db = new Database(file);
    db.prepare('UPDATE messages SET data = ? WHERE global_position = 4').run(JSON.stringify({ speachId: 's1', title: 'Forged' }));
    db.close();

    const store = new SqliteEventStore(file);
    const status = await verifyChain(store);
    await store.close();
    expect(status.ok).toBe(false);
    expect(status.verified).toBe(3);
    expect(status.firstBroken).toEqual({ position: 4, expected: expect.stringMatching(/^[0-9a-f]{64}$/), found: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(status.firstBroken!.expected).not.toBe(status.firstBroken!.found);

    const cli = auditVerify(dir);
    expect(cli.code).toBe(1);
    expect(cli.out).toContain(`BROKEN at position 4 after 3 good events: expected ${status.firstBroken!.expected}, found ${status.firstBroken!.found}`);
  });

  it('detects a deleted event and a back-dated one', async () => {
    await storeWithEvents(5);
    const db = new Database(file);
    db.prepare('DELETE FROM messages WHERE global_position = 2').run();
    db.close();
    let store = new SqliteEventStore(file);
    expect((await verifyChain(store)).firstBroken?.position).toBe(3);
    await store.close();

    const other = mkdtempSync(join(tmpdir(), 'chain-'));
    file = join(other, 'events.sqlite');
    await storeWithEvents(3);
    const db2 = new Database(file);
    db2.prepare("UPDATE messages SET time = '2001-01-01T00:00:00.000Z' WHERE global_position = 3").run();
    db2.close();
    store = new SqliteEventStore(file);
    expect((await verifyChain(store)).firstBroken?.position).toBe(3);
    await store.close();
    rmSync(other, { recursive: true, force: true });
  });

  it('chains the rows of a data directory from before the hash chain when it is opened, in log order', async () => {
    const db = new Database(file);
    db.exec(`CREATE TABLE messages (global_position INTEGER PRIMARY KEY, event_id TEXT NOT NULL, stream_id TEXT NOT NULL, stream_revision INTEGER NOT NULL,
      type TEXT NOT NULL, schema_version INTEGER NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, time TEXT NOT NULL);
      CREATE TABLE streams (stream_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, position INTEGER NOT NULL) WITHOUT ROWID;`);
    const insert = db.prepare(
      'INSERT INTO messages (event_id, stream_id, stream_revision, type, schema_version, data, metadata, time) VALUES (?, ?, ?, ?, 1, ?, ?, ?)',
    );
    const old = [newEvent('A', { n: 1 }), newEvent('B', { n: 2 }), newEvent('C', { n: 3 })];
    old.forEach((e, i) => insert.run(e.id, 'old-1', i, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), e.time));
    db.prepare("INSERT INTO streams VALUES ('old-1', 2, 3)").run();
    db.close();

    const store = new SqliteEventStore(file);
    await store.appendToStream('old-1', [newEvent('D', { n: 4 })], { expectedRevision: 2 });
    const links = await store.readChain();
    expect(links.map((l) => [l.position, l.type])).toEqual([
      [1, 'A'],
      [2, 'B'],
      [3, 'C'],
      [4, 'D'],
    ]);
    expect(links[0].hash).toBe(chainHash(GENESIS_HASH, links[0]));
    expect(links[3].hash).toBe(chainHash(links[2].hash!, links[3]));
    expect(await verifyChain(store)).toMatchObject({ ok: true, verified: 4 });
    expect((await store.readStream('old-1')).map((e) => e.data.n)).toEqual([1, 2, 3, 4]);
    await store.close();
  });

  it('never launders a row whose hash was removed: it is reported, and the rows after it keep their links', async () => {
    await storeWithEvents(4);
    const db = new Database(file);
    db.prepare('UPDATE messages SET data = ?, hash = NULL WHERE global_position = 2').run(JSON.stringify({ speachId: 's1', title: 'Forged' }));
    db.close();
    const store = new SqliteEventStore(file);
    expect((await verifyChain(store)).firstBroken).toEqual({ position: 2, expected: expect.any(String), found: null });
    await store.close();
  });

  it('keeps group commit: many concurrent appends land in one chain', async () => {
    const store = new SqliteEventStore(file);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        store.appendToStream(i === 7 ? 'taken' : uniqueStream(), [newEvent('Burst', { i }), newEvent('Burst2', { i })], {
          expectedRevision: i === 7 ? 5 : 'no_stream',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(await verifyChain(store)).toMatchObject({ ok: true, verified: 98 });
    await store.close();
  });

  describe('laundering (issue #16 item 10)', () => {
    const key = Buffer.from(KEY);
    const fileBytes = () => readFileSync(file);

    it('audit:verify never writes: an edited event with its hashes NULLed from it on stays broken, and the file is untouched', async () => {
      await storeWithEvents(5);
      const db = new Database(file);
      db.prepare('UPDATE messages SET data = ? WHERE global_position = 3').run(JSON.stringify({ speachId: 's1', title: 'Forged' }));
      db.prepare('UPDATE messages SET hash = NULL WHERE global_position >= 3').run();
      db.close();
      const before = fileBytes();
      const first = auditVerify(dir);
      expect(first.code).toBe(1);
      expect(first.out).toContain('BROKEN at position 3');
      expect(first.out).toContain('carries no hash');
      expect(fileBytes().equals(before)).toBe(true);
      expect(auditVerify(dir).code).toBe(1);
      // Opening the store to write (the server's start) does not launder it either.
      const store = new SqliteEventStore(file, { headKey: key });
      expect((await verifyChain(store, undefined, undefined, key)).firstBroken?.position).toBe(3);
      await store.close();
      expect(auditVerify(dir).code).toBe(1);
    });

    it('detects the last events deleted, against the signed head', async () => {
      await storeWithEvents(6);
      const db = new Database(file);
      db.prepare('DELETE FROM messages WHERE global_position > 4').run();
      db.close();
      const store = new SqliteEventStore(file, { headKey: key });
      const status = await verifyChain(store, undefined, undefined, key);
      await store.close();
      expect(status).toMatchObject({ ok: false, verified: 4, firstBroken: { position: 5, found: null } });
      expect(status.error).toMatch(/ends at 4 but was signed up to 6/);
      const cli = auditVerify(dir);
      expect(cli.code).toBe(1);
      expect(cli.out).toMatch(/events were removed/);
    });

    it('refuses a head re-signed without the key, a head removed, and a log whose head was signed with another key', async () => {
      await storeWithEvents(3);
      const db = new Database(file);
      const head = db.prepare('SELECT position, hash FROM chain_head').get() as { position: number; hash: string };
      db.prepare('UPDATE chain_head SET signature = ?').run(signHead(Buffer.from('guess'), head.position, head.hash));
      db.close();
      let store = new SqliteEventStore(file, { headKey: key });
      expect((await verifyChain(store, undefined, undefined, key)).error).toMatch(/signature does not verify/);
      await store.close();
      const db2 = new Database(file);
      db2.prepare('DELETE FROM chain_head').run();
      db2.close();
      store = new SqliteEventStore(file, { headKey: key });
      expect((await verifyChain(store, undefined, undefined, key)).error).toMatch(/no signed chain head/);
      await store.close();
      expect(auditVerify(dir).code).toBe(1);
    });

    it('signs the head at every commit, so an intact log verifies with the key', async () => {
      await storeWithEvents(4);
      const store = new SqliteEventStore(file, { headKey: key });
      expect(await store.readSignedHead()).toEqual({
        position: 4,
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        signature: signHead(key, 4, (await store.readChain())[3].hash!),
      });
      expect(await verifyChain(store, undefined, undefined, key)).toMatchObject({ ok: true, verified: 4 });
      await store.close();
      expect(auditVerify(dir)).toEqual({ code: 0, out: expect.stringMatching(/^OK 4 events/) });
    });
  });
});
