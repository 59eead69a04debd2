import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import { AUDIT_KEY_FILE } from '../config/audit-key';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite-event-store';
import { READ_MODELS_FILE } from '../infrastructure/read-store/sqlite-read-store';

export const MANIFEST_FILE = 'manifest.json';
export const EVENTS_FILE = 'events.sqlite';

/**
 * The SQLite files of DATA_DIR, in the order they are copied. The log goes after the stores derived
 * from it: every checkpoint in the backup then names a position the backed-up log holds, and what
 * was appended meanwhile is simply applied again after a restore (projections are idempotent,
 * policies act once per command id).
 */
const DATABASES = [READ_MODELS_FILE, 'checkpoints.sqlite', 'idempotency.sqlite', EVENTS_FILE];
/** Files written before the event that names them: copied after the log, so each named one is there. */
const DIRECTORIES = ['blobs', 'exports'];

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  /** Global position of the last event in the backed-up log. */
  eventHeadPosition: number;
  files: ManifestFile[];
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function isEmptyDirectory(dir: string): boolean {
  return !existsSync(dir) || (statSync(dir).isDirectory() && readdirSync(dir).length === 0);
}

/** Portable manifest paths (forward slashes) whatever the platform. */
function manifestPath(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

/**
 * Online backup of an embedded DATA_DIR into `target` (absent or empty): SQLite's backup API for the
 * databases (consistent copies while the app keeps writing), the blob and export files, the audit key,
 * and a manifest with the log's head position and a SHA-256 of every file.
 */
export async function backupDataDir(dataDir: string, target: string): Promise<Manifest> {
  if (!existsSync(join(dataDir, EVENTS_FILE)))
    throw new Error(`${dataDir} holds no ${EVENTS_FILE}: nothing to back up (with EVENTSTORE_URL/MONGO_URL, back up those servers instead)`);
  if (!isEmptyDirectory(target)) throw new Error(`Backup target ${target} is not empty`);
  mkdirSync(target, { recursive: true });
  for (const name of DATABASES) {
    const source = join(dataDir, name);
    if (!existsSync(source)) continue;
    const db = new Database(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      await db.backup(join(target, name));
    } finally {
      db.close();
    }
  }
  for (const directory of DIRECTORIES) {
    for (const file of filesUnder(join(dataDir, directory))) {
      const copy = join(target, relative(dataDir, file));
      mkdirSync(dirname(copy), { recursive: true });
      copyFileSync(file, copy);
    }
  }
  if (existsSync(join(dataDir, AUDIT_KEY_FILE))) copyFileSync(join(dataDir, AUDIT_KEY_FILE), join(target, AUDIT_KEY_FILE));

  const events = new SqliteEventStore(join(target, EVENTS_FILE), { readonly: true });
  const eventHeadPosition = await events.headPosition().finally(() => events.close());
  const files: ManifestFile[] = [];
  for (const file of filesUnder(target)) files.push({ path: manifestPath(target, file), bytes: statSync(file).size, sha256: await sha256(file) });
  const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), eventHeadPosition, files };
  writeFileSync(join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export interface RestoreOptions {
  /** Leave the read models out: the app rebuilds them from the restored log when it starts. */
  rebuildReadModels?: boolean;
}

/**
 * Restores a backup into an empty DATA_DIR, after checking every file against the manifest (a
 * damaged or incomplete backup restores nothing). Refuses a directory that holds anything.
 */
export async function restoreDataDir(source: string, dataDir: string, options: RestoreOptions = {}): Promise<Manifest> {
  const manifestFile = join(source, MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw new Error(`${source} has no ${MANIFEST_FILE}: not a backup`);
  if (!isEmptyDirectory(dataDir)) throw new Error(`DATA_DIR ${dataDir} is not empty: restore only into an empty directory`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}`);
  for (const file of manifest.files) {
    const path = join(source, ...file.path.split('/'));
    if (!existsSync(path)) throw new Error(`Backup is incomplete: ${file.path} is missing`);
    if ((await sha256(path)) !== file.sha256) throw new Error(`Backup is damaged: ${file.path} does not match its checksum`);
  }
  mkdirSync(dataDir, { recursive: true });
  for (const file of manifest.files) {
    if (options.rebuildReadModels && file.path === READ_MODELS_FILE) continue;
    const copy = join(dataDir, ...file.path.split('/'));
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(join(source, ...file.path.split('/')), copy);
  }
  const events = new SqliteEventStore(join(dataDir, EVENTS_FILE), { readonly: true });
  const head = await events.headPosition().finally(() => events.close());
  if (head !== manifest.eventHeadPosition) throw new Error(`Restored log ends at ${head}, the manifest says ${manifest.eventHeadPosition}`);
  return manifest;
}
