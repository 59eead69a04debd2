import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
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
  // As the server runs it: the chain's head signed at every commit.
  const headKey = randomBytes(32);
  const product = new SqliteEventStore(join(dir, 'product.sqlite'), { headKey });
  const acknowledged: string[] = [];
  const productRate = await concurrently(total, async (i) => {
    const event = newEvent(i);
    await product.appendToStream(`learner-${i}`, [event], { expectedRevision: 'no_stream' });
    acknowledged.push(event.id);
  });
  const stored = await product.countExisting(acknowledged);
  await product.close();
  if (stored !== acknowledged.length) throw new Error(`product store lost ${acknowledged.length - stored} acknowledged events`);

  // The product one append at a time, for the peer's sequential line below (measured before any peer
  // runs: a peer that failed leaves work behind that slowed this process's event loop tenfold). Durable
  // single appends are slow for the peer: a few thousand events keep its step under a minute.
  const sequentialTotal = Math.min(total, 2000);
  const sequentialProduct = new SqliteEventStore(join(dir, 'product-sequential.sqlite'), { headKey });
  const productSequentialRate = await concurrently(
    sequentialTotal,
    async (i) => {
      await sequentialProduct.appendToStream(`learner-${i}`, [newEvent(i)], { expectedRevision: 'no_stream' });
    },
    1,
  );
  await sequentialProduct.close();

  // Raw better-sqlite3: the same rows, the same schema and pragmas, 100-row transactions.
  const raw = new SqliteEventStore(join(dir, 'raw.sqlite'));
  await raw.close();
  const db = new Database(join(dir, 'raw.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  const insert = db.prepare(
    'INSERT INTO messages (event_id, stream_id, stream_revision, type, schema_version, data, metadata, time) VALUES (?, ?, 0, ?, 1, ?, ?, ?)',
  );
  const stream = db.prepare('INSERT INTO streams (stream_id, revision, position) VALUES (?, 0, ?)');
  const batch = db.transaction((rows: NewEvent[], offset: number) => {
    rows.forEach((e, k) => {
      const info = insert.run(e.id, `learner-${offset + k}`, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), e.time);
      stream.run(`learner-${offset + k}`, Number(info.lastInsertRowid));
    });
  });
  const rawStarted = performance.now();
  for (let i = 0; i < total; i += 100)
    batch(
      Array.from({ length: Math.min(100, total - i) }, (_, k) => newEvent(i + k)),
      i,
    );
  const rawRate = total / ((performance.now() - rawStarted) / 1000);
  const rawCount = db.prepare('SELECT COUNT(*) FROM messages').pluck().get() as number;
  db.close();
  if (rawCount !== total) throw new Error('raw insert count mismatch');

  results.push({
    scenario: 'Event store append (SQLite, 64 appenders, durable)',
    figure: productRate,
    unit: 'events/s',
    reference: 'raw better-sqlite3 100-row batches',
    referenceFigure: rawRate,
    ratio: ratio(productRate, rawRate),
    note: `all ${acknowledged.length} acknowledged events verified by id`,
  });

  // The peer, in its default (durable) setup: the same event count and the same 64 appenders as the
  // product line above, then both one append at a time on the same count. Every line reads the same way:
  // the product's figure held against the peer's, ratio = product / peer.
  const emmett = require('@event-driven-io/emmett-sqlite') as {
    getSQLiteEventStore: (options: unknown) => { appendToStream: (stream: string, events: unknown[]) => Promise<unknown> };
  };
  const peerStore = (file: string) => emmett.getSQLiteEventStore({ fileName: file, schema: { autoMigration: 'CreateOrUpdate' } });
  const peerRows = (file: string): number => {
    const check = new Database(file, { readonly: true });
    const table = (check.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%messages'").pluck().get() as string) ?? 'emt_messages';
    const rows = check.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
    check.close();
    return rows;
  };
  // The peer migrates its schema on first use, concurrently with the first appends (they can fail
  // with SQLITE_BUSY): one append before the clock starts.
  const warmPeer = async (file: string) => {
    const peer = peerStore(file);
    await peer.appendToStream('warm-up', [{ type: 'WarmUp', data: {} }]);
    return peer;
  };
  const peerAppend = (peer: ReturnType<typeof peerStore>, acks: { n: number }) => async (i: number) => {
    const event = newEvent(i);
    await peer.appendToStream(`learner-${i}`, [{ type: event.type, data: event.data }]);
    acks.n++;
  };

  const sequentialFile = join(dir, 'emmett-1.sqlite');
  const sequentialAcks = { n: 0 };
  try {
    const peerRate = await concurrently(sequentialTotal, peerAppend(await warmPeer(sequentialFile), sequentialAcks), 1);
    results.push({
      scenario: `Append, 1 appender, ${sequentialTotal} events: product vs peer emmett-sqlite (default setup)`,
      figure: productSequentialRate,
      unit: 'events/s',
      reference: 'emmett-sqlite',
      referenceFigure: peerRate,
      ratio: ratio(productSequentialRate, peerRate),
      note: `peer: ${peerRows(sequentialFile) - 1} rows for ${sequentialAcks.n} acknowledged appends`,
    });
  } catch (error) {
    results.push({
      scenario: `Append, 1 appender, ${sequentialTotal} events: product vs peer emmett-sqlite (default setup)`,
      figure: productSequentialRate,
      unit: 'events/s',
      reference: 'emmett-sqlite',
      referenceFigure: null,
      ratio: null,
      note: `the peer failed: ${String((error as Error).message).slice(0, 80)}`,
    });
  }

  // Last: a peer that fails under concurrency leaves work behind that slows whatever runs after it.
  const concurrentFile = join(dir, 'emmett-64.sqlite');
  const concurrentAcks = { n: 0 };
  try {
    const peerRate = await concurrently(total, peerAppend(await warmPeer(concurrentFile), concurrentAcks));
    results.push({
      scenario: `Append, ${APPENDERS} appenders, ${total} events: product vs peer emmett-sqlite (default setup)`,
      figure: productRate,
      unit: 'events/s',
      reference: 'emmett-sqlite',
      referenceFigure: peerRate,
      ratio: ratio(productRate, peerRate),
      note: `peer: ${peerRows(concurrentFile) - 1} rows for ${concurrentAcks.n} acknowledged appends`,
    });
  } catch (error) {
    results.push({
      scenario: `Append, ${APPENDERS} appenders, ${total} events: product vs peer emmett-sqlite (default setup)`,
      figure: productRate,
      unit: 'events/s',
      reference: 'emmett-sqlite',
      referenceFigure: null,
      ratio: null,
      // Its default setup shares one connection per store and closes it when any call ends, so concurrent calls find it
      // closed; a store per appender instead fails with SQLITE_BUSY (no busy timeout): measured in session 13.
      note: `the peer failed after ${concurrentAcks.n} acknowledged appends (its store closes its one connection after every call): ${String((error as Error).message).slice(0, 80)}`,
    });
  }
}
