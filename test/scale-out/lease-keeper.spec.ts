import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LeaseKeeper } from '../../backend/infrastructure/leases/lease-keeper';
import { LeaseLostError } from '../../backend/infrastructure/leases/lease-store.port';
import { SqliteReadStore } from '../../backend/infrastructure/read-store/sqlite-read-store';

/** Polls a condition on the event loop (renewals run on timers), bounded. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function work() {
  const log: string[] = [];
  return { log, work: { start: async (token: number) => void log.push(`start ${token}`), stop: async () => void log.push('stop') } };
}

describe('LeaseKeeper and fencing on the SQLite read store', () => {
  let dir: string;
  let a: SqliteReadStore;
  let b: SqliteReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keeper-'));
    a = new SqliteReadStore(join(dir, 'read-models.sqlite'));
    b = new SqliteReadStore(join(dir, 'read-models.sqlite'));
    for (const store of [a, b]) store.followOtherProcesses();
  });
  afterEach(async () => {
    await a.close();
    await b.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the work in one process only; a standby takes over at once when the holder stops', async () => {
    const first = work();
    const second = work();
    const keeperA = new LeaseKeeper(a.leases, 'projector', 'a', first.work, { ttlMs: 5000, renewEveryMs: 20 });
    const keeperB = new LeaseKeeper(b.leases, 'projector', 'b', second.work, { ttlMs: 5000, renewEveryMs: 20 });
    await keeperA.start();
    await keeperB.start();
    expect([keeperA.held, keeperB.held]).toEqual([true, false]);
    await until(() => first.log.length > 0, 'the work to start');
    expect(second.log).toEqual([]);
    await keeperA.stop();
    expect(first.log).toEqual(['start 1', 'stop']);
    await until(() => keeperB.held && second.log.length > 0, 'the standby to take the lease');
    expect(second.log).toEqual(['start 2']);
    expect((await a.leases.holder('projector'))!.owner).toBe('b');
    await keeperB.stop();
    expect((await a.leases.holder('projector'))!.expiresAt).toBeLessThanOrEqual(Date.now());
  });

  it('takes a lease over once its holder stopped renewing, and the old holder stops its work on its next renewal', async () => {
    const first = work();
    const second = work();
    // The holder's renewals are far apart: as if its process froze past the expiry.
    const keeperA = new LeaseKeeper(a.leases, 'projector', 'a', first.work, { ttlMs: 60, renewEveryMs: 400 });
    const keeperB = new LeaseKeeper(b.leases, 'projector', 'b', second.work, { ttlMs: 5000, renewEveryMs: 10 });
    await keeperA.start();
    await keeperB.start();
    await until(() => keeperB.held, 'the takeover');
    await until(() => first.log.includes('stop'), 'the old holder to stop');
    expect(first.log).toEqual(['start 1', 'stop']);
    expect(second.log).toEqual(['start 2']);
    expect(keeperA.held).toBe(false);
    await keeperA.stop();
    await keeperB.stop();
  });

  it('refuses a fenced commit (writes and checkpoint) once the lease is held by another owner', async () => {
    const items = (store: SqliteReadStore) => store.collection('items');
    const term = (await a.leases.acquire('projector', 'a', 60_000))!;
    a.fence('projector', 'a', term.token);
    await a.commit([{ collection: 'items', operations: [{ kind: 'replace', doc: { _id: 'one', n: 1 } }] }], { name: 'things', position: 1, version: 1 });
    expect(await a.checkpoints.load('things')).toEqual({ name: 'things', position: 1, version: 1 });

    await b.leases.release('projector', 'a');
    expect(await b.leases.acquire('projector', 'b', 60_000)).toMatchObject({ taken: true });
    await expect(
      a.commit([{ collection: 'items', operations: [{ kind: 'replace', doc: { _id: 'two', n: 2 } }] }], { name: 'things', position: 2, version: 1 }),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect(await items(b).findById('two')).toBeNull();
    expect(await b.checkpoints.load('things')).toEqual({ name: 'things', position: 1, version: 1 });

    // Even once the same owner holds it again, a new term: the old term's writer is still refused.
    await b.leases.release('projector', 'b');
    expect(await a.leases.acquire('projector', 'a', 60_000)).toMatchObject({ taken: true });
    await expect(
      a.commit([{ collection: 'items', operations: [{ kind: 'replace', doc: { _id: 'two', n: 2 } }] }], { name: 'things', position: 2, version: 1 }),
    ).rejects.toBeInstanceOf(LeaseLostError);
  });
});
