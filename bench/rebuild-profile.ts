/**
 * `node -r ./test/support/swc-register.js bench/rebuild-profile.ts <events.sqlite> <read-models.sqlite>`: a rebuild as the
 * bench's (every projection from position 0 into a fresh `SqliteReadStore`), with the CPU time of the commits and of
 * the deferred index creation, and with `--per-projection` the wall time of each projection's handlers, so a change to the rebuild path can be compared before
 * and after on a loaded machine (CPU time, not wall time). The read-model file is left for `compare-read-models.ts`.
 */
import { existsSync, rmSync } from 'node:fs';
import { SqliteEventStore } from '../backend/infrastructure/event-store/sqlite-event-store';
import { SqliteReadStore } from '../backend/infrastructure/read-store/sqlite-read-store';
import { SqliteCollection } from '../backend/infrastructure/read-store/sqlite-collection';
import type { CollectionWrites } from '../backend/infrastructure/read-store/read-store.port';
import { allProjections } from '../projections';
import type { ProjectionDefinition } from '../projections/projection';
import { ProjectionRunner } from '../projections/projection-runner';

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function gcNow(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  return !!gc;
}

async function main(): Promise<void> {
  const [eventsFile, readModelsFile] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (!eventsFile || !readModelsFile) throw new Error('usage: rebuild-profile.ts <events.sqlite> <read-models.sqlite>');
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(readModelsFile + suffix)) rmSync(readModelsFile + suffix);

  const handlerMs = new Map<string, number>();
  const handled = new Map<string, number>();
  const collectionOwner = new Map<string, string>();
  // process.cpuUsage per handler call was a quarter of the run: handlers are timed by the (cheap) wall clock, and
  // only with --per-projection, so that the totals stay those of an uninstrumented run.
  const perProjection = process.argv.includes('--per-projection');
  const timed: ProjectionDefinition[] = allProjections.map((projection) => {
    for (const c of projection.collections) collectionOwner.set(c.name, projection.name);
    handlerMs.set(projection.name, 0);
    handled.set(projection.name, 0);
    if (!perProjection) return projection;
    const wrapped = new Map<string, ProjectionDefinition['handlers'][string]>();
    // A proxy, not a copy: the audit projection's handlers are a proxy answering every type (no keys to copy).
    const handlers = new Proxy({} as ProjectionDefinition['handlers'], {
      get: (_, type) => {
        if (typeof type !== 'string') return undefined;
        const handler = projection.handlers[type];
        if (!handler) return undefined;
        let timed = wrapped.get(type);
        if (!timed) {
          timed = async (event, writer) => {
            const started = performance.now();
            try {
              await handler(event, writer);
            } finally {
              handlerMs.set(projection.name, handlerMs.get(projection.name)! + performance.now() - started);
              handled.set(projection.name, handled.get(projection.name)! + 1);
            }
          };
          wrapped.set(type, timed);
        }
        return timed;
      },
    });
    return { ...projection, handlers };
  });

  // The point lookups the handlers' reads cost, and how many found nothing.
  let lookups = 0;
  let absent = 0;
  const peekById = SqliteCollection.prototype.peekById;
  SqliteCollection.prototype.peekById = async function (this: SqliteCollection<never>, id: string) {
    lookups++;
    const doc = await peekById.call(this, id);
    if (doc === null) absent++;
    return doc;
  };

  const events = new SqliteEventStore(eventsFile);
  const total = await events.headPosition();
  const store = new SqliteReadStore(readModelsFile);
  // An experiment on the page cache (SQLite's default is 2 MiB): `--cache-mib=256`.
  const cacheMib = Number(process.argv.find((a) => a.startsWith('--cache-mib='))?.split('=')[1] ?? 0);
  if (cacheMib > 0) store.database.pragma(`cache_size = -${cacheMib * 1024}`);
  // The commits' CPU, shared among the projections of each batch by their number of written documents.
  const commitMs = new Map<string, number>();
  let commitTotal = 0;
  let written = 0;
  const share = (batches: { writes: CollectionWrites[] }[], ms: number) => {
    const counts = new Map<string, number>();
    let all = 0;
    for (const { writes } of batches)
      for (const { collection, operations } of writes) {
        const owner = collectionOwner.get(collection) ?? collection;
        counts.set(owner, (counts.get(owner) ?? 0) + operations.length);
        all += operations.length;
      }
    written += all;
    commitTotal += ms;
    for (const [owner, n] of counts) commitMs.set(owner, (commitMs.get(owner) ?? 0) + (all ? (ms * n) / all : 0));
  };
  const commitAll = store.commitAll.bind(store);
  store.commitAll = async (batches) => {
    const started = cpuMs();
    await commitAll(batches);
    share(batches, cpuMs() - started);
  };
  const commit = store.commit.bind(store);
  store.commit = async (writes, checkpoint) => {
    const started = cpuMs();
    await commit(writes, checkpoint);
    share([{ writes }], cpuMs() - started);
  };
  let indexMs = 0;
  const indexNow = store.indexNow.bind(store);
  store.indexNow = (collections) => {
    const started = cpuMs();
    indexNow(collections);
    indexMs += cpuMs() - started;
  };

  const runner = new ProjectionRunner(events, store, timed, { log: () => undefined, error: (m) => console.error(m) });
  const cpuStarted = cpuMs();
  const started = performance.now();
  await runner.start();
  const caughtUp = await runner.catchUp(3_600_000);
  const wallS = (performance.now() - started) / 1000;
  const cpuS = (cpuMs() - cpuStarted) / 1000;
  await runner.stop();
  const failed = runner.status().filter((s) => s.state === 'failed');
  await store.close();
  await events.close();

  const rows = [...handlerMs.keys()]
    .map((name) => ({ name, handled: handled.get(name)!, handlersMs: handlerMs.get(name)!, commitMs: commitMs.get(name) ?? 0 }))
    .sort((a, b) => b.handlersMs + b.commitMs - (a.handlersMs + a.commitMs));
  const handlersTotal = rows.reduce((n, r) => n + r.handlersMs, 0);
  console.log(
    JSON.stringify(
      {
        events: total,
        caughtUp,
        failed: failed.map((s) => `${s.name}: ${s.error?.message}`),
        wallS: +wallS.toFixed(1),
        cpuS: +cpuS.toFixed(1),
        eventsPerWallS: Math.round(total / wallS),
        eventsPerCpuS: Math.round(total / cpuS),
        cpuUsPerEvent: +((cpuS * 1e6) / total).toFixed(1),
        documentsWritten: written,
        storeLookups: lookups,
        storeLookupsAbsent: absent,
        handlersWallS: perProjection ? +(handlersTotal / 1000).toFixed(1) : undefined,
        commitsS: +(commitTotal / 1000).toFixed(1),
        deferredIndexesS: +(indexMs / 1000).toFixed(1),
        memoryMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
        // With --expose-gc: what stays in the heap after a full collection (the runner and its caches alive).
        heapAfterGcMiB: gcNow() ? Math.round(process.memoryUsage().heapUsed / 2 ** 20) : undefined,
      },
      null,
      2,
    ),
  );
  console.log('projection | events handled | handlers wall s | commit CPU s (share) | µs per event of the log');
  for (const r of rows)
    console.log(
      `${r.name} | ${r.handled} | ${(r.handlersMs / 1000).toFixed(2)} | ${(r.commitMs / 1000).toFixed(2)} | ${(((r.handlersMs + r.commitMs) * 1000) / total).toFixed(2)}`,
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
