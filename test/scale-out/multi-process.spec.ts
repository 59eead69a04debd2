/**
 * Issue 25: two API processes and a projector (plus a standby projector) share one DATA_DIR on the
 * embedded SQLite stores. Commands go through both APIs and each reads its writes back through the
 * other; the projector holding the lease is killed with SIGKILL in the middle of a burst of writes,
 * the standby takes its lease over, and in the end the read models equal a full replay of the log.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
import { SqliteReadStore } from '../../backend/infrastructure/read-store/sqlite-read-store';
import { allProjections } from '../../projections';
import { ProjectionRunner } from '../../projections/projection-runner';
import { SPEACHES } from '../../projections/speaches.projection';

const ROOT = join(__dirname, '..', '..');
const PASSWORD = 'demo-password';

interface Proc {
  name: string;
  child: ChildProcess;
  url: string;
  output: string[];
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function launch(name: string, role: 'api' | 'projector', dataDir: string, env: Record<string, string> = {}): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', join(ROOT, 'test/support/swc-register.js'), join(ROOT, 'backend/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      APP_ROLE: role,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      DEMO_PASSWORD: PASSWORD,
      AUDIT_KEY: 'multi-process-audit-key',
      LOG_LEVEL: 'error',
      LEASE_TTL_MS: '5000',
      // Bounds, not waits: a request answers as soon as the projector has applied its events.
      READ_YOUR_WRITES_TIMEOUT_MS: '20000',
      ...env,
    },
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, child, url: `http://127.0.0.1:${port}`, output, exited };
}

/** Polls `probe` until it answers a value, within `timeoutMs` (no fixed sleeps: each try is a request). */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, procs: Proc[] = []): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}\n${procs.map((p) => `--- ${p.name}\n${p.output.join('').slice(-3000)}`).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ready(proc: Proc): Promise<{ lease?: string }> {
  const response = await fetch(`${proc.url}/api/health/ready`);
  return response.status === 200 ? ((await response.json()) as { lease?: string }) : Promise.reject(new Error(String(response.status)));
}

async function call(proc: Proc, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${proc.url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function login(proc: Proc, email: string): Promise<string> {
  const response = await call(proc, 'POST', '/api/auth/login', undefined, { email, password: PASSWORD });
  if (response.status !== 200) throw new Error(`login on ${proc.name}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.token as string;
}

async function createSpeach(proc: Proc, token: string, title: string): Promise<string> {
  const response = await call(proc, 'POST', '/api/v2/recorder/speach', token, { title, language: 'en-US' });
  if (response.status !== 201)
    throw new Error(`create on ${proc.name}: ${response.status} ${JSON.stringify(response.body)}\n${proc.output.join('').slice(-4000)}`);
  return response.body.id as string;
}

/** Every collection of every projection, documents sorted by id. */
async function readModels(store: SqliteReadStore): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {};
  for (const projection of allProjections) {
    for (const { name } of projection.collections) all[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
  }
  return all;
}

describe('API and projector processes sharing DATA_DIR', () => {
  let dir: string;
  let replayDir: string;
  const procs: Proc[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'scale-out-'));
    replayDir = mkdtempSync(join(tmpdir(), 'scale-out-replay-'));
  });
  afterAll(async () => {
    // Only this test's own children, by their handles.
    for (const proc of procs) if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    rmSync(dir, { recursive: true, force: true });
    rmSync(replayDir, { recursive: true, force: true });
  });

  it('reads its writes across APIs, survives a kill -9 of the projector, and ends equal to a full replay', async () => {
    // The first API seeds the demo organisation: its requests wait on the projector's stored checkpoints.
    const [holder, apiA, apiB] = await Promise.all([
      launch('projector-1', 'projector', dir),
      launch('api-a', 'api', dir, { SEED: 'demo' }),
      launch('api-b', 'api', dir),
    ]);
    procs.push(holder, apiA, apiB);
    const states = await Promise.all(procs.map((p) => until(`${p.name} ready`, () => ready(p), 150_000, procs)));
    expect(states.map((s) => s.lease)).toEqual(['held', undefined, undefined]);

    // A projector serves its probes only; the APIs serve the product.
    expect((await call(holder, 'POST', '/api/auth/login', undefined, { email: 'author@example.com', password: PASSWORD })).status).toBe(404);
    const tokenA = await login(apiA, 'author@example.com');
    const tokenB = await login(apiB, 'author@example.com');

    // Read-your-writes across processes: a write answered by one API is there for the other at once.
    for (let i = 0; i < 3; i++) {
      const onA = await createSpeach(apiA, tokenA, `Written on A ${i}`);
      expect((await call(apiB, 'GET', `/api/v2/speach/speachWithMetadata?speachID=${onA}`, tokenB)).body).toMatchObject({ title: `Written on A ${i}` });
      const onB = await createSpeach(apiB, tokenB, `Written on B ${i}`);
      expect((await call(apiA, 'GET', `/api/v2/speach/speachWithMetadata?speachID=${onB}`, tokenA)).body).toMatchObject({ title: `Written on B ${i}` });
    }
    // A session opened on one API holds on the other (sessions are a read model too).
    expect((await call(apiB, 'GET', '/api/auth/me', tokenA)).status).toBe(200);

    // A burst through both APIs; the projector holding the lease dies while it projects it.
    const titles = Array.from({ length: 30 }, (_, i) => `Burst ${i}`);
    let answered = 0;
    const burst = titles.map((title, i) =>
      createSpeach(i % 2 ? apiB : apiA, i % 2 ? tokenB : tokenA, title).then((id) => {
        answered++;
        return id;
      }),
    );
    await until('the first answers of the burst', async () => (answered >= 3 ? true : undefined), 30_000, procs);
    holder.child.kill('SIGKILL');
    expect(await holder.exited).toBeNull();

    // Another projector takes the lease over once it expired, and the waiting requests get their answers.
    const standby = await launch('projector-2', 'projector', dir);
    procs.push(standby);
    await until('the new projector to take the lease', async () => ((await ready(standby)).lease === 'held' ? true : undefined), 120_000, procs);
    const ids = await Promise.all(burst);
    for (const [i, id] of ids.entries()) {
      const other = i % 2 ? apiA : apiB;
      expect((await call(other, 'GET', `/api/v2/speach/speachWithMetadata?speachID=${id}`, i % 2 ? tokenA : tokenB)).body).toMatchObject({ title: titles[i] });
    }
    let last: unknown;
    const health = await until(
      'the projections to catch up on the new holder',
      async () => {
        const body = (last = (await call(standby, 'GET', '/api/health')).body);
        return body.projections.every((p: { lag: number; state: string }) => p.lag === 0 && p.state !== 'failed') ? body : undefined;
      },
      60_000,
      procs,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${JSON.stringify(last)}`);
    });
    expect(health.status).toBe('ok');

    // An orderly stop: readiness first, in-flight work finished, the lease released, exit code 0.
    for (const proc of [apiA, apiB, standby]) proc.child.kill('SIGTERM');
    expect(await Promise.all([apiA.exited, apiB.exited, standby.exited])).toEqual([0, 0, 0]);

    const shared = new SqliteReadStore(join(dir, 'read-models.sqlite'));
    const events = new SqliteEventStore(join(dir, 'events.sqlite'), { headKey: Buffer.from('multi-process-audit-key') });
    const replayed = new SqliteReadStore(join(replayDir, 'read-models.sqlite'));
    try {
      // Released by the orderly stop: expired at once, not left to time out.
      expect((await shared.leases.holder('projector'))!.expiresAt).toBeLessThanOrEqual(Date.now());
      const runner = new ProjectionRunner(events, replayed, allProjections, { log: () => undefined, error: (m) => console.error(m) });
      await runner.start();
      expect(await runner.catchUp(60_000)).toBe(true);
      await runner.stop();
      const [mine, fresh] = await Promise.all([readModels(shared), readModels(replayed)]);
      for (const name of Object.keys(fresh)) expect({ name, docs: mine[name] }).toEqual({ name, docs: fresh[name] });
      // Nothing applied twice: one speach per creation event, each burst title once.
      const created = (await events.readAll()).filter((e) => e.type === 'SpeachCreated').length;
      const speaches = mine[SPEACHES] as { title: string }[];
      expect(speaches).toHaveLength(created);
      for (const title of titles) expect(speaches.filter((s) => s.title === title)).toHaveLength(1);
      const head = await events.headPosition();
      for (const projection of allProjections) expect(await shared.checkpoints.load(projection.name)).toMatchObject({ position: head });
    } finally {
      await Promise.all([shared.close(), events.close(), replayed.close()]);
    }
  }, 240_000);
});
