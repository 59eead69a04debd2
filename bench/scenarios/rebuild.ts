import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
import { join } from 'node:path';
import { READ_MODELS_FILE, SqliteReadStore } from '../../backend/infrastructure/read-store/sqlite-read-store';
import { allProjections } from '../../projections';
import { ProjectionRunner } from '../../projections/projection-runner';
import { type Result, ratio } from '../lib/report';

/** All projections from position 0 into a fresh read store (the product's SQLite one), against reading the raw rows alone. */
export async function rebuildScenario(file: string, workDir: string, results: Result[]): Promise<void> {
  const store = new SqliteEventStore(file);
  const total = await store.headPosition();
  const rawStarted = performance.now();
  let rows = 0;
  for (let after = 0; ;) {
    const page = store.readAllRaw(after, 2000) as unknown[][];
    if (page.length === 0) break;
    rows += page.length;
    after = page[page.length - 1][0] as number;
  }
  const rawRate = rows / ((performance.now() - rawStarted) / 1000);
  const readStore = new SqliteReadStore(join(workDir, `rebuild-${READ_MODELS_FILE}`));
  const runner = new ProjectionRunner(store, readStore, allProjections, { log: () => undefined, error: (m) => console.error(m) });
  const started = performance.now();
  await runner.start();
  const caughtUp = await runner.catchUp(1_800_000);
  // Had it not caught up in 30 minutes, the rate is that of the events it did apply.
  const applied = caughtUp ? total : Math.min(...runner.status().map((s) => s.position));
  const rate = applied / ((performance.now() - started) / 1000);
  await runner.stop();
  await readStore.close();
  await store.close();
  results.push({
    scenario: 'Rebuild: all projections from position 0 into SQLite read models',
    figure: rate,
    unit: 'events/s',
    reference: 'target 60,000 events/s',
    referenceFigure: 60_000,
    ratio: ratio(rate, 60_000),
    note: `${caughtUp ? `${total} events` : `only ${applied} of ${total} events applied within 30 minutes`}; reading the raw rows alone: ${Math.round(rawRate).toLocaleString('en-US')} events/s`,
  });
}
