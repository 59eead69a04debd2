import Database from 'better-sqlite3';
import { join } from 'node:path';
import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
import { type NewEvent, uuidv7 } from '../../events';
import { type Result, ratio } from '../lib/report';

const APPENDERS = 64;

function newEvent(i: number): NewEvent {
  const id = uuidv7();
  return {
    id,
    type: 'ChapterRead',
    data: { speachId: `s-${i % 1000}`, chapterId: `c-${i % 37}`, userId: `u-${i % 10000}`, seconds: i % 600 },
    schemaVersion: 1,
    metadata: { userId: `u-${i % 10000}`, correlationId: id, causationId: id },
    time: new Date().toISOString(),
  };
}

async function concurrently(total: number, append: (i: number) => Promise<void>, appenders = APPENDERS): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: appenders }, async () => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        await append(i);
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/** The product's SQLite store (group commit, durable) against raw batched inserts and the peer emmett-sqlite. */
export async function appendScenario(dir: string, total: number, results: Result[]): Promise<void> {
  // The product's adapter: 64 appenders, one event per append, distinct streams.
  const product = new SqliteEventStore(join(dir, 'product.sqlite'));
  const acknowledged: string[] = [];
  const productRate = await concurrently(total, async (i) => {
    const event = newEvent(i);
    await product.appendToStream(`learner-${i}`, [event], { expectedRevision: 'no_stream' });
    acknowledged.push(event.id);
  });
  const stored = await product.countExisting(acknowledged);
  await product.close();
  if (stored !== acknowledged.length) throw new Error(`product store lost ${acknowledged.length - stored} acknowledged events`);

  // Raw better-sqlite3: the same rows, the same schema and pragmas, 100-row transactions.
  const raw = new SqliteEventStore(join(dir, 'raw.sqlite'));
  await raw.close();
  const db = new Database(join(dir, 'raw.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  const insert = db.prepare('INSERT INTO messages (event_id, stream_id, stream_revision, type, schema_version, data, metadata, time) VALUES (?, ?, 0, ?, 1, ?, ?, ?)');
  const stream = db.prepare('INSERT INTO streams (stream_id, revision, position) VALUES (?, 0, ?)');
  const batch = db.transaction((rows: NewEvent[], offset: number) => {
    rows.forEach((e, k) => {
      const info = insert.run(e.id, `learner-${offset + k}`, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), e.time);
      stream.run(`learner-${offset + k}`, Number(info.lastInsertRowid));
    });
  });
  const rawStarted = performance.now();
  for (let i = 0; i < total; i += 100) batch(Array.from({ length: Math.min(100, total - i) }, (_, k) => newEvent(i + k)), i);
  const rawRate = total / ((performance.now() - rawStarted) / 1000);
  const rawCount = db.prepare('SELECT COUNT(*) FROM messages').pluck().get() as number;
  db.close();
  if (rawCount !== total) throw new Error('raw insert count mismatch');

  results.push({ scenario: 'Event store append (SQLite, 64 appenders, durable)', figure: productRate, unit: 'events/s', reference: 'raw better-sqlite3 100-row batches', referenceFigure: rawRate, ratio: ratio(productRate, rawRate), note: `all ${acknowledged.length} acknowledged events verified by id` });

  // The peer, in its default (durable) setup: getSQLiteEventStore with a file name.
  const peerTotal = Math.min(total, 2000);
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const emmett = require('@event-driven-io/emmett-sqlite');
    let file = join(dir, 'emmett.sqlite');
    const peer = emmett.getSQLiteEventStore({ fileName: file, schema: { autoMigration: 'CreateOrUpdate' } });
    let peerAcks = 0;
    let appenders = APPENDERS;
    let concurrentFailure = '';
    let peerRate: number;
    try {
      peerRate = await concurrently(peerTotal, async (i) => {
        const event = newEvent(i);
        await peer.appendToStream(`learner-${i}`, [{ type: event.type, data: event.data }]);
        peerAcks++;
      });
    } catch (error) {
      // The default setup does not survive 64 concurrent appenders: measure it one append at a time.
      // The failure closes the peer's database: start it again on a fresh file.
      concurrentFailure = (error as Error).message.slice(0, 60);
      appenders = 1;
      peerAcks = 0;
      file = join(dir, 'emmett-sequential.sqlite');
      const sequential = emmett.getSQLiteEventStore({ fileName: file, schema: { autoMigration: 'CreateOrUpdate' } });
      peerRate = await concurrently(Math.min(peerTotal, 500), async (i) => {
        const event = newEvent(i);
        await sequential.appendToStream(`learner-${i}`, [{ type: event.type, data: event.data }]);
        peerAcks++;
      }, 1);
    }
    const check = new Database(file, { readonly: true });
    const table = (check.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%messages'").pluck().get() as string) ?? 'emt_messages';
    const peerStored = check.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
    check.close();
    results.push({
      scenario: `Peer: emmett-sqlite append (${appenders} appender${appenders > 1 ? 's' : ''}, default setup)`,
      figure: peerRate,
      unit: 'events/s',
      reference: 'product store',
      referenceFigure: productRate,
      ratio: ratio(productRate, peerRate),
      note: `ratio = product / peer; ${peerStored} rows for ${peerAcks} acknowledged appends${concurrentFailure ? `; with 64 appenders it failed: ${concurrentFailure}` : ''}`,
    });
  } catch (error) {
    results.push({ scenario: 'Peer: emmett-sqlite append', figure: null, unit: 'events/s', reference: 'product store', referenceFigure: productRate, ratio: null, note: `peer failed: ${(error as Error).message.slice(0, 120)}` });
  }
}
