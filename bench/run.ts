/**
 * `npm run bench` (full) and `npm run bench -- --quick`: generates its own data in a temporary
 * directory, runs every scenario, prints one table and writes bench/results.json. Each figure is
 * held against a limit or a peer measured in the same run: the ratio is what counts on a noisy
 * machine.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../backend/infrastructure/event-store/sqlite-event-store';
import { generateActivity } from './data/activity';
import { generateIdentity } from './data/identity';
import { generateSpeaches } from './data/speaches';
import { ROOT } from './lib/processes';
import { type Result, printTable } from './lib/report';
import { appendScenario } from './scenarios/append';
import { httpFloors } from './scenarios/http';
import { productScenarios } from './scenarios/product';
import { rebuildScenario } from './scenarios/rebuild';
import { webScenario } from './scenarios/web';

const quick = process.argv.includes('--quick');
const SIZE = quick ? { users: 2000, groups: 50, speaches: 5000, reads: 50_000, seconds: 3, appends: 5000 } : { users: 10_000, groups: 50, speaches: 100_000, reads: 1_000_000, seconds: 10, appends: 30_000 };

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'speach-bench-'));
  const results: Result[] = [];
  const step = (name: string) => console.error(`[bench] ${name}…`);
  try {
    if (!existsSync(join(ROOT, 'dist/backend/main.js'))) {
      step('building the server');
      execSync('npm run build:server', { cwd: ROOT, stdio: 'inherit' });
    }
    step(`generating ${SIZE.users} users in ${SIZE.groups} groups`);
    const dataDir = join(dir, 'data');
    const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    const identity = await generateIdentity(store, SIZE.users, SIZE.groups);
    step(`generating ${SIZE.speaches} speaches`);
    const speaches = await generateSpeaches(store, SIZE.speaches, identity.userIds.filter((_, i) => i % 10 === 0));
    step(`generating ${SIZE.reads} chapter reads over two years`);
    await generateActivity(store, SIZE.reads, identity.userIds, speaches);
    await store.close();

    step('HTTP and framework floors');
    const floors = await httpFloors(SIZE.seconds, results);
    step('event store append');
    await appendScenario(dir, SIZE.appends, results);
    step('rebuild');
    await rebuildScenario(join(dataDir, 'events.sqlite'), results);
    step('product over HTTP');
    await productScenarios(dataDir, identity.userIds, SIZE.seconds, floors, results);
    webScenario(results);
    for (const scenario of [
      'Dashboard calls over 1M read events (needs issues #5 and #7)',
    ]) {
      results.push({ scenario, figure: null, unit: '', reference: '—', referenceFigure: null, ratio: null, note: 'not yet measurable' });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  printTable(results);
  writeFileSync(
    join(ROOT, 'bench/results.json'),
    `${JSON.stringify(
      results.map(({ scenario, figure, unit, reference, referenceFigure, ratio, note }) => ({ scenario, figure, unit, reference, referenceFigure, ratio, ...(note ? { note } : {}) })),
      null,
      2,
    )}\n`,
  );
  console.error(`[bench] ${quick ? 'quick ' : ''}run written to bench/results.json`);
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
