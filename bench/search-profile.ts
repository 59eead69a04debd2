/**
 * The search index's cost per query kind, in process (issue 15: a search must cost about the same on 100k speaches
 * as on 5k).
 *
 * `node -r ./test/support/swc-register.js bench/search-profile.ts build <events.sqlite> <read-models.sqlite>` projects
 * only what the search endpoint reads (the search index and the speaches) into a fresh `SqliteReadStore`;
 * `… bench/search-profile.ts time <read-models.sqlite> [--calls=50]` runs each query kind `calls` times in a row and
 * prints the CPU time per call (median, max) and per SQL statement, so a change can be compared on a loaded machine.
 */
import { existsSync, rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { SqliteEventStore } from '../backend/infrastructure/event-store/sqlite-event-store';
import { SqliteReadStore } from '../backend/infrastructure/read-store/sqlite-read-store';
import type { SearchRequest } from '../backend/infrastructure/search/search-index.port';
import { attachSqliteSearch } from '../backend/infrastructure/search/sqlite-search-index';
import { speachesProjection } from '../projections/speaches.projection';
import { SPEACH_SEARCH, speachSearchProjection } from '../projections/speach-search.projection';
import { ProjectionRunner } from '../projections/projection-runner';

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function build(eventsFile: string, readModelsFile: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(readModelsFile + suffix)) rmSync(readModelsFile + suffix);
  const events = new SqliteEventStore(eventsFile);
  const store = new SqliteReadStore(readModelsFile);
  attachSqliteSearch(store);
  const runner = new ProjectionRunner(events, store, [speachSearchProjection, speachesProjection], {
    log: () => undefined,
    error: (m) => console.error(m),
  });
  const started = cpuMs();
  await runner.start();
  const caughtUp = await runner.catchUp(3_600_000);
  await runner.stop();
  console.log(`built: caught up ${caughtUp}, ${((cpuMs() - started) / 1000).toFixed(1)} CPU s`, runner.status());
  await store.close();
  await events.close();
}

/** The bench's two lines (bench/scenarios/product.ts) and the other kinds a reader types. */
const KINDS: [string, Omit<SearchRequest, 'viewer' | 'pageSize'>][] = [
  ['bench: safety, relevance', { term: 'safety', sort: 'RELEVANT', page: 0 }],
  ['bench: sécurité, French, by title', { term: 'sécurité', sort: 'TITRE', languageId: 'fr-FR', page: 0 }],
  ['safety, recent', { term: 'safety', sort: 'RECENT', page: 0 }],
  ['safety, relevance, page 5', { term: 'safety', sort: 'RELEVANT', page: 5 }],
  ['safety, relevance, page 150', { term: 'safety', sort: 'RELEVANT', page: 150 }],
  ['safety training (two words, one unknown)', { term: 'safety training', sort: 'RELEVANT', page: 0 }],
  ['safety phishing (two common words)', { term: 'safety phishing', sort: 'RELEVANT', page: 0 }],
  ['prefix "sa"', { term: 'sa', sort: 'RELEVANT', page: 0 }],
  ['prefix "saf"', { term: 'saf', sort: 'RELEVANT', page: 0 }],
  ['typo "safty"', { term: 'safty', sort: 'RELEVANT', page: 0 }],
  ['typo "securty", German', { term: 'securty', sort: 'RELEVANT', languageId: 'de-DE', page: 0 }],
  ['rare word', { term: '__RARE__', sort: 'RELEVANT', page: 0 }],
  ['no match', { term: 'zzqxv', sort: 'RELEVANT', page: 0 }],
  ['no term, recent', { term: '', page: 0 }],
  ['no term, by title, Spanish', { term: '', sort: 'TITRE', languageId: 'es-ES', page: 0 }],
];

async function time(readModelsFile: string, calls: number): Promise<void> {
  const store = new SqliteReadStore(readModelsFile);
  // An experiment on SQLite's page cache (2 MiB by default, shared by every read of the connection): `--cache-mib=64`.
  const cacheMib = Number(process.argv.find((a) => a.startsWith('--cache-mib='))?.split('=')[1] ?? 0);
  if (cacheMib > 0) store.database.pragma(`cache_size = -${cacheMib * 1024}`);
  const index = attachSqliteSearch(store);
  const db = store.database;
  // `--evict`: between two searches, read 10 speaches' documents (what the page's cards read), as the server does.
  const speachIds = (
    db
      .prepare(`SELECT _id FROM "${store.tableOf('speaches')}"`)
      .pluck()
      .all() as string[]
  ).sort();
  let next = 0;
  const between = async () => {
    if (!process.argv.includes('--evict')) return;
    const ids = Array.from({ length: 10 }, () => speachIds[(next = (next * 7919 + 104729) % speachIds.length)]);
    await store.collection('speaches').findByIds(ids);
  };
  const table = store.tableOf(SPEACH_SEARCH);
  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  console.log(`listed speaches: ${count(`SELECT count(*) AS n FROM "${table}_facts"`)}`);
  // A word in a handful of speaches, for the rare line.
  const rare = (
    db.prepare(`SELECT term FROM "${table}_terms" WHERE docs BETWEEN 1 AND 20 AND length(term) >= 4 ORDER BY docs DESC, term LIMIT 1`).get() as { term: string }
  )?.term;
  const groups = (db.prepare(`SELECT DISTINCT principal FROM "${table}_audience" WHERE principal LIKE 'g:%' LIMIT 2`).all() as { principal: string }[]).map(
    (r) => r.principal.slice(2),
  );
  const viewer = { userId: 'profile-viewer', groupIds: groups, now: new Date().toISOString() };

  // The CPU time of each SQL statement the index runs, by its text (whatever the adapter's statement cache does).
  const perStatement = new Map<string, { ms: number; runs: number }>();
  const prepare = db.prepare.bind(db);
  (db as { prepare: Database.Database['prepare'] }).prepare = ((sql: string) => {
    const statement = prepare(sql);
    const timed = (method: 'all' | 'get' | 'run') => {
      const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        const started = cpuMs();
        try {
          return original(...args);
        } finally {
          const entry = perStatement.get(sql) ?? { ms: 0, runs: 0 };
          entry.ms += cpuMs() - started;
          entry.runs++;
          perStatement.set(sql, entry);
        }
      };
    };
    timed('all');
    timed('get');
    timed('run');
    return statement;
  }) as Database.Database['prepare'];

  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  for (const [name, kind] of KINDS) {
    if (only && !name.includes(only)) continue;
    const request: SearchRequest = { ...kind, term: kind.term.replace('__RARE__', rare ?? 'zzz'), viewer, pageSize: 10 };
    const first = await index.search(request); // warms the statement cache and the pages
    perStatement.clear();
    const samples: number[] = [];
    for (let i = 0; i < calls; i++) {
      await between();
      const started = cpuMs();
      await index.search(request);
      samples.push(cpuMs() - started);
    }
    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)];
    console.log(
      `${name.replace('__RARE__', rare ?? '')}: ${median.toFixed(2)} ms CPU per call (max ${samples[samples.length - 1].toFixed(2)}); total ${first.total}, ${first.ids.length} ids, languages ${first.availableLanguages.join(' ')}`,
    );
    if (process.argv.includes('--statements'))
      for (const [sql, { ms, runs }] of [...perStatement].sort((a, b) => b[1].ms - a[1].ms))
        console.log(`    ${(ms / calls).toFixed(2)} ms/call, ${runs / calls} runs/call: ${sql.replace(/\s+/g, ' ').slice(0, 220)}`);
  }
  await store.close();
}

async function main(): Promise<void> {
  const [mode, ...files] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const calls = Number(process.argv.find((a) => a.startsWith('--calls='))?.split('=')[1] ?? 50);
  if (mode === 'build' && files.length === 2) return build(files[0], files[1]);
  if (mode === 'time' && files.length === 1) return time(files[0], calls);
  throw new Error('usage: search-profile.ts build <events.sqlite> <read-models.sqlite> | time <read-models.sqlite> [--calls=50] [--statements]');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
