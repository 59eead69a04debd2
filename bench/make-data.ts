/**
 * `npm run bench:data -- <dir> [--full]`: writes the bench's data set (quick by default) into `<dir>/events.sqlite`
 * and prints the bench logins, so one line can be profiled against a server started on it
 * (`DATA_DIR=<dir> SEED=none node dist/backend/main.js`) without running the whole bench.
 */
import { mkdirSync } from 'node:fs';
import { FULL_SIZE, QUICK_SIZE, generateDataSet } from './data/generate';
import { BENCH_ADMIN } from './data/identity';

async function main(): Promise<void> {
  const dir = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!dir) throw new Error('usage: npm run bench:data -- <dir> [--full]');
  mkdirSync(dir, { recursive: true });
  const size = process.argv.includes('--full') ? FULL_SIZE : QUICK_SIZE;
  const { identity, events } = await generateDataSet(dir, size, (name) => console.error(`[bench] ${name}…`));
  console.log(
    JSON.stringify(
      {
        dir,
        events,
        admin: BENCH_ADMIN,
        learners: { emails: identity.learnerEmails.slice(0, 3), password: BENCH_ADMIN.password, count: identity.learnerIds.length },
      },
      null,
      2,
    ),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
