// Temporary experiment (not committed): rebuild the quick set, report events/s.
import { rmSync } from 'node:fs';
import { SqliteEventStore } from '../backend/infrastructure/event-store/sqlite-event-store';
import { SqliteReadStore } from '../backend/infrastructure/read-store/sqlite-read-store';
import { allProjections } from '../projections';
import { ProjectionRunner } from '../projections/projection-runner';
async function main() {
  const file = `/work/exp/q2/read-models.sqlite`;
  const store = new SqliteEventStore('/work/exp/q2/events.sqlite');
  const total = await store.headPosition();
  const readStore = new SqliteReadStore(file);
  const runner = new ProjectionRunner(store, readStore, allProjections, { log: () => undefined, error: (m) => console.error(m) });
  const t = performance.now();
  await runner.start();
  await runner.catchUp(1_800_000);
  const s = (performance.now() - t) / 1000;
  console.log(`batch=${process.env.PROJECTION_BATCH ?? 2000} ${Math.round(total / s)} ev/s (${s.toFixed(1)} s) cpu=${(process.cpuUsage().user / 1e6).toFixed(1)}s`);
  await runner.stop(); await readStore.close(); await store.close();

}
main();
