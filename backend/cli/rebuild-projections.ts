import 'reflect-metadata';
import { allProjections } from '../../projections';
import { ProjectionRunner } from '../../projections/projection-runner';
import { loadConfig } from '../config/app-config';
import { createAdapters } from '../infrastructure/adapters';

/**
 * `npm run projections:rebuild [name]`: replays one projection (or all) from position 0.
 * With MONGO_URL the durable read models are rebuilt in place (a running server picks them up).
 * On the embedded default (DATA_DIR/read-models.sqlite) the projection is built into fresh tables
 * and switched to once caught up; run it while the server is stopped, or rebuild a running server
 * through `POST /api/admin/projections/rebuild`.
 */
async function main(): Promise<void> {
  const name = process.argv[2];
  const config = loadConfig();
  const adapters = await createAdapters(config);
  const selected = allProjections.filter((p) => !name || p.name === name);
  if (selected.length === 0) {
    console.error(`Unknown projection "${name}". Known: ${allProjections.map((p) => p.name).join(', ')}`);
    process.exit(2);
  }
  const runner = new ProjectionRunner(adapters.eventStore, adapters.readStore, selected, console);
  const started = Date.now();
  await runner.start();
  await runner.rebuild(name);
  await runner.catchUp();
  await runner.rebuilt();
  const seconds = (Date.now() - started) / 1000;
  const head = await adapters.eventStore.headPosition();
  for (const status of runner.status()) {
    console.log(`${status.name} v${status.version}: ${status.state} at position ${status.position}${status.error ? ` — failed: ${status.error.message}` : ''}`);
  }
  for (const projection of selected) {
    for (const collection of projection.collections) {
      console.log(`  ${collection.name}: ${await adapters.readStore.collection(collection.name).count()} documents`);
    }
  }
  console.log(`${head} events replayed in ${seconds.toFixed(2)} s (${Math.round(head / Math.max(seconds, 0.001))} events/s) on ${adapters.readStore.adapter}`);
  await runner.stop();
  await adapters.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
