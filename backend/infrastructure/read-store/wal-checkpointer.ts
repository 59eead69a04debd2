import type Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';

/**
 * How often the worker looks whether anything was committed since its last checkpoint. A checkpoint copies
 * the latest version of each page the WAL holds: looking every 100 ms copied the pages every command
 * touches (B-tree roots, the checkpoint rows) ten times a second, more CPU in all than SQLite's own
 * checkpoint every 1,000 pages. Once a second copies each at most once a second.
 */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * Frames the writing connection lets the WAL grow to before it checkpoints on its own thread again: only
 * reached if the worker's passive checkpoints never catch up (a reader holding an old snapshot, writes
 * without a pause), so the WAL still cannot grow without bound.
 */
const BACKSTOP_FRAMES = 25_000;
const SQLITE_DEFAULT_FRAMES = 1000;

// Plain JavaScript evaluated in the worker: it runs from any build (ts-node, dist) without a file of its own.
// \`data_version\` moves when another connection committed: an idle store costs a header read per look.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
db.pragma('wal_autocheckpoint = 0');
let seen = null;
const timer = setInterval(() => {
  try {
    const version = db.pragma('data_version', { simple: true });
    if (version === seen) return;
    seen = version;
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next look tries again, and the writer's backstop bounds the WAL meanwhile.
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies a WAL file's committed pages back into the database from a worker thread, with a connection of
 * its own, instead of the writer doing it inside a commit (SQLite's automatic checkpoint every 1,000
 * pages: reading and writing those pages and two fsyncs on the request thread, about a tenth of a
 * durable command's thread time on the read models). The checkpoints are PASSIVE: they never take the
 * write lock, so the writer never waits for them. SQLite syncs the WAL before copying and the database
 * after (synchronous=NORMAL), so a power loss mid-checkpoint loses nothing committed.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(writer: Database.Database) {
    writer.pragma(`wal_autocheckpoint = ${BACKSTOP_FRAMES}`);
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: require.resolve('better-sqlite3'), file: writer.name, everyMs: CHECKPOINT_EVERY_MS },
    });
    // A store that is never closed (a CLI, a test) must not keep its process alive.
    this.worker.unref();
    // Without its worker the writer checkpoints on its own again, as SQLite does by default.
    this.worker.once('error', () => {
      if (writer.open) writer.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_FRAMES}`);
    });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  async close(): Promise<void> {
    this.worker.postMessage('close');
    await this.exited;
  }
}
