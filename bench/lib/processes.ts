import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const REGISTER = join(ROOT, 'test/support/swc-register.js');
export const HEAP_MB = 12_288;
/**
 * The server runs with V8's default young generation (16 MB semi-spaces), as the product's start scripts
 * give it. Until session 14 both used 128 MB, chosen when the read models lived in the heap; with them on
 * SQLite a 128 MB scavenge paused the server 10-30 ms (0.7 a second) and those pauses were the paced
 * lines' p99, where 16 MB pauses 2-4 ms (5 a second, none over 17 ms) (docs/performance.md, session 14).
 * BENCH_SEMI_SPACE_MB=<n> gives the servers another size, for an A/B run.
 */
const SEMI_SPACE_MB = process.env.BENCH_SEMI_SPACE_MB;

/**
 * A free port BELOW the kernel's ephemeral range (32768+ here): a server that replays for minutes before it
 * listens must not have its port taken by another process's `listen(0)` meanwhile. Session 11's full runs lost
 * their HTTP lines that way: a test app of a parallel job took the port, answered /api/health, and the bench
 * took it for the product.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port below the ephemeral range');
}

export interface Child {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the ready URL answering 200. */
  readyMs: number;
  rssBytes(): number;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Spawns a server (a TS file through the swc hook, or a JS file) and waits until `readyPath` answers 200. */
export async function spawnServer(file: string, env: Record<string, string>, readyPath: string, timeoutMs = 120_000): Promise<Child> {
  const port = await freePort();
  // The full data set's read models outgrow Node's default heap (about 4 GB here).
  // BENCH_CPU_PROFILE=<dir>: each server writes a CPU profile there when it stops (read with bench/profile-stalls.ts).
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  // BENCH_TRACE_GC=<file>: each server appends V8's line per collection (kind, heap before/after, pause) to that file.
  const traceGc = process.env.BENCH_TRACE_GC;
  const args = [
    `--max-old-space-size=${HEAP_MB}`,
    ...(SEMI_SPACE_MB ? [`--max-semi-space-size=${SEMI_SPACE_MB}`] : []),
    ...profile,
    ...(traceGc ? ['--trace-gc'] : []),
    ...(file.endsWith('.ts') ? ['-r', REGISTER, file] : [file]),
  ];
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', traceGc ? openSync(traceGc, 'a') : 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${file} exited: ${stderr.slice(-2000)}`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      // Left running, it would keep writing the data directory under the next server (session 10's full run: the
      // restart met "database is locked" from the cold start that had timed out).
      children.delete(child);
      child.kill('SIGKILL');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      throw new Error(`${file} not ready after ${Math.round(timeoutMs / 1000)} s: ${stderr.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = Date.now() - started;
  // A server that dies while measured says why (session 11's full run lost its HTTP lines to a bare "fetch failed").
  child.once('exit', (code, signal) => {
    if (children.has(child)) console.error(`[bench] ${file} exited (${code ?? signal}) while measured:\n${stderr.slice(-4000)}`);
  });
  return {
    url,
    process: child,
    readyMs,
    rssBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    async stop() {
      children.delete(child);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // The product writes its read-model snapshot on SIGTERM: give it time.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 180_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
