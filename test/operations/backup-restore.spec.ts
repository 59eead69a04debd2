import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../backend/app';
import { loadConfig } from '../../backend/config/app-config';
import type { Adapters } from '../../backend/infrastructure/adapters';
import { ADAPTERS } from '../../backend/infrastructure/tokens';
import { MANIFEST_FILE, type Manifest, backupDataDir, restoreDataDir } from '../../backend/operations/backup';
import { allProjections } from '../../projections';

const PASSWORD = 'demo-password';
const ROOT = join(__dirname, '..', '..');

/** Runs `npm run backup` / `npm run restore` as their scripts do, but from the sources. */
function cli(script: 'backup' | 'restore', dataDir: string, ...args: string[]) {
  const run = spawnSync(process.execPath, ['-r', join(ROOT, 'test/support/swc-register.js'), join(ROOT, `backend/cli/${script}.ts`), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { code: run.status, out: run.stdout + run.stderr };
}

/** The real application on the embedded stores of one DATA_DIR (its own audit key file included). */
async function startOn(dataDir: string) {
  const app = await createApp(loadConfig({ DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'silent' }));
  await app.getHttpAdapter().getInstance().ready();
  return { app, http: request(app.getHttpServer()), adapters: app.get<Adapters>(ADAPTERS) };
}

async function readModels(adapters: Adapters) {
  const all: Record<string, unknown[]> = {};
  for (const collection of allProjections.flatMap((p) => p.collections)) {
    all[collection.name] = await adapters.readStore.collection(collection.name).find({}, { sort: { _id: 1 } });
  }
  return all;
}

describe('Online backup and restore of the embedded stores (issue 25)', () => {
  const root = mkdtempSync(join(tmpdir(), 'backup-restore-'));
  const [live, backup, restored, rebuilt] = ['live', 'backup', 'restored', 'rebuilt'].map((d) => join(root, d));
  let original: Awaited<ReturnType<typeof startOn>>;
  let manifest: Manifest;
  let author: string;
  let speachBefore: string;
  let speachAfter: string;

  beforeAll(async () => {
    original = await startOn(live);
    author = (await original.http.post('/api/auth/login').send({ email: 'author@example.com', password: PASSWORD }).expect(200)).body.token;
    const as = { authorization: `Bearer ${author}` };
    speachBefore = (await original.http.post('/api/v2/recorder/speach').set(as).send({ title: 'Backed up', language: 'en-US' }).expect(201)).body.id;
    await original.http.post(`/api/v2/recorder/speach/${speachBefore}/chapters`).set(as).send({ title: 'Introduction', parentId: null }).expect(201);
    // The app keeps serving while the backup runs: a write during it lands in the log or after it, never half.
    const [taken] = await Promise.all([
      backupDataDir(live, backup),
      original.http.post('/api/v2/recorder/speach').set(as).send({ title: 'Racing the backup', language: 'en-US' }).expect(201),
    ]);
    manifest = taken;
    speachAfter = (await original.http.post('/api/v2/recorder/speach').set(as).send({ title: 'After the backup', language: 'en-US' }).expect(201)).body.id;
  }, 180_000);
  afterAll(async () => {
    await original?.app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes a manifest with the log head and a checksum of every file', () => {
    const written = JSON.parse(readFileSync(join(backup, MANIFEST_FILE), 'utf8')) as Manifest;
    expect(written).toEqual(manifest);
    expect(manifest.eventHeadPosition).toBeGreaterThan(0);
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(['events.sqlite', 'read-models.sqlite', 'checkpoints.sqlite', 'audit.key']));
    for (const file of manifest.files) expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a target that is not empty, a DATA_DIR that is not empty, and a damaged backup', async () => {
    await expect(backupDataDir(live, backup)).rejects.toThrow('is not empty');
    await expect(restoreDataDir(backup, live)).rejects.toThrow('is not empty');
    const damaged = join(root, 'damaged');
    await backupDataDir(live, damaged);
    writeFileSync(join(damaged, 'audit.key'), 'tampered');
    const target = join(root, 'from-damaged');
    await expect(restoreDataDir(damaged, target)).rejects.toThrow('audit.key does not match its checksum');
  });

  it('restores into a fresh directory an app that holds the log up to the backup and the same read models, rebuilt or not', async () => {
    await restoreDataDir(backup, restored);
    await restoreDataDir(backup, rebuilt, { rebuildReadModels: true });
    const fromBackup = await startOn(restored);
    const fromLog = await startOn(rebuilt);
    try {
      const originalLog = await original.adapters.eventStore.readAll();
      const restoredLog = await fromBackup.adapters.eventStore.readAll();
      expect(restoredLog.slice(0, manifest.eventHeadPosition)).toEqual(originalLog.slice(0, manifest.eventHeadPosition));
      expect(await fromLog.adapters.eventStore.readAll()).toEqual(restoredLog);

      // The backed-up read models, caught up with the restored log, equal a full replay of it.
      expect(await readModels(fromBackup.adapters)).toEqual(await readModels(fromLog.adapters));

      // The audit key came along: the signed chain verifies, the service is healthy.
      const health = (await fromBackup.http.get('/api/health').expect(200)).body;
      expect(health.audit.ok).toBe(true);
      expect(health.eventStore.headPosition).toBe(restoredLog.length);

      const token = (await fromBackup.http.post('/api/auth/login').send({ email: 'author@example.com', password: PASSWORD }).expect(200)).body.token;
      const card = await fromBackup.http
        .get('/api/v2/speach/speachWithMetadata')
        .query({ speachID: speachBefore })
        .set({ authorization: `Bearer ${token}` })
        .expect(200);
      expect(card.body.title).toBe('Backed up');
      await fromBackup.http
        .get('/api/v2/speach/speachWithMetadata')
        .query({ speachID: speachAfter })
        .set({ authorization: `Bearer ${token}` })
        .expect(404);
    } finally {
      await fromBackup.app.close();
      await fromLog.app.close();
    }
  });

  it('runs as npm scripts: backup of the running app, restore refusing a non-empty DATA_DIR, then restoring', () => {
    const target = join(root, 'by-cli');
    const backedUp = cli('backup', live, target);
    expect(backedUp).toMatchObject({ code: 0, out: expect.stringContaining('log head at position') });
    expect(existsSync(join(target, MANIFEST_FILE))).toBe(true);
    expect(cli('restore', live, target)).toMatchObject({ code: 1, out: expect.stringContaining('is not empty') });
    expect(cli('restore', join(root, 'cli-restored'), target, '--rebuild-read-models')).toMatchObject({
      code: 0,
      out: expect.stringContaining('rebuilt from the log'),
    });
    expect(existsSync(join(root, 'cli-restored', 'read-models.sqlite'))).toBe(false);
    expect(cli('backup', live)).toMatchObject({ code: 1, out: expect.stringContaining('Usage') });
  });
});
