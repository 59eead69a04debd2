import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
import { MemoryReadStore } from '../../backend/infrastructure/read-store/memory-read-store';
import { ProjectionRunner } from '../../projections/projection-runner';
import { USERS, usersProjection } from '../../projections/users.projection';

const ROOT = join(__dirname, '..', '..');

/** Runs the burst child until it has acknowledged `target` appends, then SIGKILLs it mid-burst. */
function burstThenKill(file: string, target: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', join(ROOT, 'test/support/swc-register.js'), join(__dirname, 'append-burst.child.ts'), file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acknowledged: string[] = [];
    let buffered = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      acknowledged.push(...lines.filter(Boolean));
      if (acknowledged.length >= target && !child.killed) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`child exited on its own: ${stderr}`));
      else resolve(acknowledged);
    });
  });
}

async function rebuildUsers(store: SqliteEventStore): Promise<unknown[]> {
  const readStore = new MemoryReadStore();
  const runner = new ProjectionRunner(store, readStore, [usersProjection], { log: () => undefined, error: () => undefined });
  await runner.start();
  await runner.catchUp(60_000);
  await runner.stop();
  return readStore.collection(USERS).find({}, { sort: { _id: 1 } });
}

describe('SQLite event store under kill -9', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'crash-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged append, and read models rebuild to the same content', async () => {
    const file = join(dir, 'events.sqlite');
    const acknowledged = await burstThenKill(file, 3000);
    expect(acknowledged.length).toBeGreaterThanOrEqual(3000);

    const store = new SqliteEventStore(file);
    try {
      expect(await store.countExisting(acknowledged)).toBe(acknowledged.length);
      const all = await store.readAll();
      expect(all.length).toBeGreaterThanOrEqual(acknowledged.length);
      expect(all.map((e) => e.position)).toEqual(all.map((_, i) => i + 1)); // no hole in $all
      const first = await rebuildUsers(store);
      const second = await rebuildUsers(store);
      expect(first).toHaveLength(all.length);
      expect(second).toEqual(first);
    } finally {
      await store.close();
    }
  });
});
