import { closeSync, fsyncSync, openSync } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { crc32 } from 'node:zlib';
import type { ProjectionDefinition } from '../../../projections/projection';
import type { ProjectionRunner } from '../../../projections/projection-runner';
import type { CheckpointStore } from '../checkpoints/checkpoint-store.port';
import type { EventStore } from '../event-store/event-store.port';
import type { Document, IndexSpec } from './read-store.port';
import type { MemoryReadStore } from './memory-read-store';

/**
 * Read-model snapshots of the embedded (memory) read store: every collection and each projection's
 * checkpoint, written together at one cut so a start loads them and catches up from there instead of
 * replaying the whole log.
 *
 * File: the magic `SPCHRMS1`, then frames of `[u32 length][u32 crc32][u8 tag][v8.serialize(value)]`:
 * a header (format, projections with name, version, position and collections, the id of the event at
 * the highest position), per collection a `collection` frame (name, indexes, count) followed by
 * `docs` frames (tag 1: an array of documents) of a few MB, and an `end` frame with the totals. Documents are serialised chunk by
 * chunk from the stored objects themselves (never copied whole), and loaded the same way.
 */
const MAGIC = Buffer.from('SPCHRMS1');
const FORMAT = 1;
/** A frame larger than this is a corrupt length, not a frame. */
const MAX_FRAME = 512 * 1024 * 1024;
const TARGET_FRAME = 4 * 1024 * 1024;
const META = 0;
const DOCS = 1;

/** The snapshot's file in `DATA_DIR`. */
export const SNAPSHOT_FILE = 'read-models.snapshot';

export interface SnapshotSettings {
  enabled: boolean;
  /** A periodic snapshot is written once the projections moved this many events past the last one… */
  everyEvents: number;
  /** …or this long after it, when they moved at all. */
  everyMs: number;
}

/** `READ_MODEL_SNAPSHOTS=off` disables them; `READ_MODEL_SNAPSHOT_EVENTS` and `READ_MODEL_SNAPSHOT_MINUTES` tune the period. */
export function snapshotSettings(env: Record<string, string | undefined> = process.env): SnapshotSettings {
  const raw = (env.READ_MODEL_SNAPSHOTS ?? 'on').toLowerCase();
  const number = (name: string, fallback: number) => {
    const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${env[name]}"`);
    return value;
  };
  return {
    enabled: !['off', '0', 'false', 'no'].includes(raw),
    everyEvents: number('READ_MODEL_SNAPSHOT_EVENTS', 100_000),
    everyMs: number('READ_MODEL_SNAPSHOT_MINUTES', 10) * 60_000,
  };
}

export interface SnapshotProjection {
  name: string;
  version: number;
  position: number;
  collections: string[];
}

interface Header {
  kind: 'header';
  format: number;
  createdAt: string;
  projections: SnapshotProjection[];
  /** The event at the highest position a projection reached: the snapshot belongs to this log. */
  anchor: { position: number; eventId: string } | null;
}
type Frame = Header | { kind: 'collection'; name: string; indexes: IndexSpec[]; count: number } | { kind: 'end'; collections: number; documents: number };

interface Logger {
  log(message: string): void;
  warn(message: string): void;
}

export interface WrittenSnapshot {
  bytes: number;
  documents: number;
  ms: number;
  projections: SnapshotProjection[];
}

/** The cut: positions and the stored documents (uncopied) at one point between two batches. */
async function capture(store: MemoryReadStore, runner: ProjectionRunner, projections: ProjectionDefinition[]) {
  return runner.exclusive(() => {
    const statuses = new Map(runner.status().map((s) => [s.name, s]));
    const described: SnapshotProjection[] = [];
    for (const p of projections) {
      const status = statuses.get(p.name);
      if (status) described.push({ name: p.name, version: status.version, position: status.position, collections: p.collections.map((c) => c.name) });
    }
    const collections = store.collectionNames().map((name) => ({ name, ...store.exportCollection(name) }));
    return { projections: described, collections };
  });
}

/** Writes a snapshot atomically (temporary file, fsync, rename); the previous one stays until the rename. */
export async function writeSnapshot(
  file: string,
  store: MemoryReadStore,
  runner: ProjectionRunner,
  projections: ProjectionDefinition[],
  events: EventStore,
): Promise<WrittenSnapshot> {
  const started = Date.now();
  const cut = await capture(store, runner, projections);
  const top = Math.max(0, ...cut.projections.map((p) => p.position));
  let anchor: Header['anchor'] = null;
  if (top > 0) {
    const [event] = await events.readAll({ after: top - 1, maxCount: 1 });
    if (!event || event.position !== top) throw new Error(`no event at position ${top}`);
    anchor = { position: top, eventId: event.id };
  }
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w', 0o600); // the read models hold credentials and sessions
  let bytes = 0;
  let documents = 0;
  const write = async (frame: Frame | Document[]) => {
    const payload = serialize(frame);
    const head = Buffer.alloc(9);
    head.writeUInt32LE(payload.length, 0);
    head.writeUInt32LE(crc32(payload), 4);
    head.writeUInt8(Array.isArray(frame) ? DOCS : META, 8);
    await handle.writev([head, payload]);
    bytes += head.length + payload.length;
    return payload.length;
  };
  try {
    await handle.write(MAGIC);
    bytes += MAGIC.length;
    await write({ kind: 'header', format: FORMAT, createdAt: new Date().toISOString(), projections: cut.projections, anchor });
    for (const collection of cut.collections) {
      await write({ kind: 'collection', name: collection.name, indexes: collection.indexes, count: collection.docs.length });
      // Chunks of a few MB: the chunk size follows the documents' size.
      let size = 256;
      for (let i = 0; i < collection.docs.length; ) {
        const docs = collection.docs.slice(i, i + size);
        const length = await write(docs);
        i += docs.length;
        documents += docs.length;
        if (length > TARGET_FRAME * 2 && size > 1) size = Math.max(1, size >> 1);
        else if (length < TARGET_FRAME / 2 && size < 65_536) size <<= 1;
      }
      collection.docs.length = 0; // the cut's references to old documents are released as they are written
    }
    await write({ kind: 'end', collections: cut.collections.length, documents });
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
  try {
    const dir = openSync(dirname(file), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    // Not every platform lets a directory be fsynced; the rename itself is atomic.
  }
  return { bytes, documents, ms: Date.now() - started, projections: cut.projections };
}

class Reader {
  private offset = 0;
  constructor(
    private readonly handle: FileHandle,
    private readonly size: number,
  ) {}

  async bytes(length: number): Promise<Buffer> {
    if (length > this.size - this.offset) throw new Error('truncated');
    const buffer = Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await this.handle.read(buffer, read, length - read, this.offset + read);
      if (bytesRead === 0) throw new Error('truncated');
      read += bytesRead;
    }
    this.offset += length;
    return buffer;
  }

  /** The next frame's tag and payload, checked; a documents frame is skipped unread when `skipDocs`. */
  async frame(skipDocs = false): Promise<{ tag: number; payload: Buffer | null }> {
    const head = await this.bytes(9);
    const length = head.readUInt32LE(0);
    const tag = head.readUInt8(8);
    if (length > MAX_FRAME || length > this.size - this.offset || (tag !== META && tag !== DOCS)) throw new Error(`bad frame at ${this.offset - 9}`);
    if (skipDocs && tag === DOCS) {
      this.offset += length;
      return { tag, payload: null };
    }
    const payload = await this.bytes(length);
    if (crc32(payload) !== head.readUInt32LE(4)) throw new Error(`checksum mismatch at ${this.offset - length - 9}`);
    return { tag, payload };
  }

  async meta(): Promise<Frame> {
    const { tag, payload } = await this.frame();
    if (tag !== META) throw new Error('unexpected documents');
    return deserialize(payload!) as Frame;
  }
}

export interface RestoredSnapshot {
  /** Projections loaded with their checkpoint; the others start from position 0. */
  restored: SnapshotProjection[];
  /** Projections of the definitions not restored (version changed, or absent from the snapshot). */
  rebuilt: string[];
  documents: number;
  ms: number;
}

/**
 * Loads a snapshot into a fresh memory read store and its checkpoints, or nothing at all: a missing,
 * unreadable or corrupt file, or one that does not belong to this event log (a position past its
 * head, another event at its highest position), answers null and leaves the store empty (full replay).
 * A projection whose version changed, or missing from the snapshot, is not loaded: it alone replays.
 */
export async function restoreSnapshot(
  file: string,
  store: MemoryReadStore,
  checkpoints: CheckpointStore,
  projections: ProjectionDefinition[],
  events: EventStore,
  logger: Logger,
): Promise<RestoredSnapshot | null> {
  const started = Date.now();
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    logger.log(`No read-model snapshot at ${file}: full replay`);
    return null;
  }
  const loaded = new Set<string>();
  let handle: FileHandle | null = null;
  try {
    handle = await open(file, 'r');
    const reader = new Reader(handle, size);
    if (!(await reader.bytes(MAGIC.length)).equals(MAGIC)) throw new Error('not a read-model snapshot');
    const header = (await reader.meta()) as Header;
    if (header?.kind !== 'header' || header.format !== FORMAT || !Array.isArray(header.projections)) throw new Error('unknown header');

    const head = await events.headPosition();
    const ahead = header.projections.find((p) => p.position > head);
    if (ahead) {
      logger.warn(`Read-model snapshot ignored: ${ahead.name} is at position ${ahead.position}, past the event store's head ${head} (full replay)`);
      return null;
    }
    if (header.anchor) {
      const [event] = await events.readAll({ after: header.anchor.position - 1, maxCount: 1 });
      if (!event || event.position !== header.anchor.position || event.id !== header.anchor.eventId) {
        logger.warn(`Read-model snapshot ignored: the event at position ${header.anchor.position} is not the one it was taken at (full replay)`);
        return null;
      }
    }

    const inSnapshot = new Map(header.projections.map((p) => [p.name, p]));
    const restored = projections.filter((p) => inSnapshot.get(p.name)?.version === p.version);
    const owner = new Map<string, string>();
    for (const p of restored) for (const c of p.collections) owner.set(c.name, p.name);

    let current: { name: string; indexes: IndexSpec[]; count: number; loaded: number; target: boolean } | null = null;
    let collections = 0;
    let documents = 0;
    let restoredDocuments = 0;
    const complete = () => {
      if (current?.target && current.loaded !== current.count) throw new Error(`${current.name}: ${current.loaded} documents of ${current.count}`);
    };
    for (;;) {
      const { tag, payload } = await reader.frame(!!current && !current.target);
      if (tag === DOCS) {
        if (!current) throw new Error('documents before any collection');
        if (!payload) continue; // a collection not restored
        const docs = deserialize(payload) as Document[];
        if (!Array.isArray(docs)) throw new Error(`bad documents in ${current.name}`);
        current.loaded += docs.length;
        if (current.loaded > current.count) throw new Error(`too many documents in ${current.name}`);
        await store.importCollection(current.name, current.indexes, docs);
        restoredDocuments += docs.length;
        continue;
      }
      complete();
      const frame = deserialize(payload!) as Frame;
      if (frame?.kind === 'collection') {
        collections++;
        documents += frame.count;
        current = { name: frame.name, indexes: frame.indexes, count: frame.count, loaded: 0, target: owner.has(frame.name) && !loaded.has(frame.name) };
        if (current.target) {
          loaded.add(frame.name);
          await store.importCollection(frame.name, frame.indexes, []);
        }
        continue;
      }
      if (frame?.kind !== 'end') throw new Error('unexpected frame');
      if (frame.collections !== collections || frame.documents !== documents) throw new Error('totals do not match');
      break;
    }

    for (const p of restored) {
      const saved = inSnapshot.get(p.name)!;
      await checkpoints.save({ name: p.name, version: p.version, position: saved.position });
    }
    return {
      restored: restored.map((p) => inSnapshot.get(p.name)!),
      rebuilt: projections.filter((p) => !restored.includes(p)).map((p) => p.name),
      documents: restoredDocuments,
      ms: Date.now() - started,
    };
  } catch (error) {
    for (const name of loaded) await store.collection(name).clear();
    logger.warn(`Read-model snapshot ${file} ignored (full replay): ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Takes the snapshots of a running server: periodically (once the projections moved `everyEvents`
 * past the last one, or `everyMs` after it) and at shutdown, one at a time.
 */
export class ReadModelSnapshots {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<unknown> | null = null;
  private last: { at: number; positions: string; top: number };

  constructor(
    private readonly file: string,
    private readonly settings: SnapshotSettings,
    private readonly store: MemoryReadStore,
    private readonly runner: ProjectionRunner,
    private readonly projections: ProjectionDefinition[],
    private readonly events: EventStore,
    private readonly logger: Logger,
  ) {
    this.last = { at: Date.now(), positions: '', top: 0 };
  }

  /** What the last snapshot (written or loaded) holds: a snapshot of the same positions is not written again. */
  remember(projections: SnapshotProjection[]): void {
    this.last = { at: Date.now(), positions: positionsKey(projections), top: Math.max(0, ...projections.map((p) => p.position)) };
  }

  restore(checkpoints: CheckpointStore): Promise<RestoredSnapshot | null> {
    return restoreSnapshot(this.file, this.store, checkpoints, this.projections, this.events, this.logger);
  }

  startPeriodic(checkEveryMs = Math.min(this.settings.everyMs, 30_000)): void {
    this.timer = setInterval(() => void this.tick(), checkEveryMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.writing) return;
    const statuses = this.runner.status();
    const top = Math.max(0, ...statuses.map((s) => s.position));
    if (positionsKey(statuses) === this.last.positions) return;
    if (top - this.last.top < this.settings.everyEvents && Date.now() - this.last.at < this.settings.everyMs) return;
    await this.write('periodic');
  }

  /** Writes one now unless the positions are those of the last snapshot; failures are logged, never thrown. */
  async write(reason: string): Promise<void> {
    while (this.writing) await this.writing;
    if (positionsKey(this.runner.status()) === this.last.positions) return;
    const run = (async () => {
      try {
        const written = await writeSnapshot(this.file, this.store, this.runner, this.projections, this.events);
        this.remember(written.projections);
        this.logger.log(`Read-model snapshot (${reason}): ${written.documents} documents, ${(written.bytes / 1024 / 1024).toFixed(1)} MB in ${written.ms} ms`);
      } catch (error) {
        this.last.at = Date.now(); // retried at the next period, not at every tick
        this.logger.warn(`Read-model snapshot (${reason}) failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
    this.writing = run;
    await run;
    this.writing = null;
  }

  /** Stops the periodic snapshots and waits for one being written. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.writing) await this.writing;
  }
}

function positionsKey(projections: { name: string; version: number; position: number }[]): string {
  return projections
    .map((p) => `${p.name}@${p.version}:${p.position}`)
    .sort()
    .join(',');
}
