/**
 * The list lines of issue 15, their read-store queries alone (no HTTP), on a copy of a bench data set:
 *
 *   node -r ./test/support/swc-register.js bench/list-queries.ts build <events.sqlite> <read-models.sqlite>
 *   node -r ./test/support/swc-register.js bench/list-queries.ts time <read-models.sqlite> [--runs=200] [--plans]
 *
 * `build` projects only what these lists read (users, organisation, speaches, paths) into a fresh `SqliteReadStore`.
 * `time` runs each list's filter, sort and page as its service builds them, through the product's `SqliteReadStore`:
 * the page (`find`) and the page with its total (`findPage`, or the service's own count), CPU per call (median of
 * `--runs` after warm-ups), counted afresh each call and then with the total remembered (the same filter again, the
 * table unwritten), and with `--plans` each SQL statement's EXPLAIN QUERY PLAN.
 */
import 'reflect-metadata';
import { existsSync, rmSync } from 'node:fs';
import { SqliteEventStore } from '../backend/infrastructure/event-store/sqlite-event-store';
import { SqliteReadStore } from '../backend/infrastructure/read-store/sqlite-read-store';
import { SqliteTables } from '../backend/infrastructure/read-store/sqlite-tables';
import type { Collection, Document, Filter, FindOptions, Sort } from '../backend/infrastructure/read-store/read-store.port';
import { escapeRegex } from '../backend/infrastructure/http/simple-rest';
import { adminUsersFilter, adminUsersSort, userTextFilter } from '../backend/identity/admin/admin-users.filter';
import { AdminUsersQuery } from '../backend/identity/admin/admin-users.query.dto';
import { liveCatalogueCount } from '../backend/speach/catalogue-count';
import { ProjectionRunner } from '../projections/projection-runner';
import { organisationProjection } from '../projections/organisation.projection';
import { pathsProjection, PATHS, type PathDocument } from '../projections/paths.projection';
import { SPEACHES, speachesProjection } from '../projections/speaches.projection';
import { USERS, usersProjection } from '../projections/users.projection';

const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

async function build(eventsFile: string, readModelsFile: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(readModelsFile + suffix)) rmSync(readModelsFile + suffix);
  const events = new SqliteEventStore(eventsFile);
  const store = new SqliteReadStore(readModelsFile);
  const runner = new ProjectionRunner(events, store, [usersProjection, organisationProjection, speachesProjection, pathsProjection]);
  const started = cpuUs();
  await runner.start();
  const caughtUp = await runner.catchUp(7_200_000);
  await runner.stop();
  console.log(JSON.stringify({ events: await events.headPosition(), caughtUp, cpuS: Math.round((cpuUs() - started) / 1e5) / 10 }));
  await store.close();
  await events.close();
}

interface Line {
  name: string;
  collection: string;
  filter: Filter;
  options: FindOptions;
  /** The service's own count, when it does not ask the store for the page's total. */
  count?: () => Promise<number>;
}

function lines(store: SqliteReadStore, now: string, path: PathDocument): Line[] {
  const adminSpeaches: Filter = {
    $and: [
      { archived: false },
      { published: true, liveFrom: { $lte: now } },
      { titleKey: { $regex: escapeRegex('safety') } },
      { visibility: { $in: ['PUBLIC'] } },
    ],
  };
  const anna = Object.assign(new AdminUsersQuery(), { search: 'anna', roles: ['NONE', 'FORMATEUR'], onlyState: 'ACTIVE', page: 0, size: 20 });
  const byCreation = Object.assign(new AdminUsersQuery(), { sort: 'CREATED_AT', asc: false, page: 0, size: 20 });
  // PathQueries.speachList for an administrator, `PUBLIE` by default.
  const catalogue = (name?: string): Filter => ({
    $and: [
      { archived: false, isTemplate: false, _id: { $nin: path.speachIds } },
      { published: true, liveFrom: { $lte: now } },
      ...(name ? [{ titleKey: { $regex: escapeRegex(name) } }] : []),
    ],
  });
  return [
    {
      name: 'admin speaches PUBLIE + PUBLIC + searchTitle=safety, TITLE asc',
      collection: SPEACHES,
      filter: adminSpeaches,
      options: { sort: { titleKey: 1, _id: 1 }, skip: 0, limit: 20 },
    },
    {
      name: 'admin speaches PUBLIE + searchTitle=safety, UPDATED desc',
      collection: SPEACHES,
      filter: { $and: [{ archived: false }, { published: true, liveFrom: { $lte: now } }, { titleKey: { $regex: 'safety' } }] },
      options: { sort: { updatedAt: -1, _id: 1 }, skip: 0, limit: 20 },
    },
    {
      name: 'admin speaches PUBLIE + searchTitle=4242 (rare), UPDATED desc',
      collection: SPEACHES,
      filter: { $and: [{ archived: false }, { published: true, liveFrom: { $lte: now } }, { titleKey: { $regex: '4242' } }] },
      options: { sort: { updatedAt: -1, _id: 1 }, skip: 0, limit: 20 },
    },
    {
      name: 'admin speaches NONE + searchTitle=safety, UPDATED desc',
      collection: SPEACHES,
      filter: { $and: [{ archived: false }, { titleKey: { $regex: 'safety' } }] },
      options: { sort: { updatedAt: -1, _id: 1 }, skip: 0, limit: 20 },
    },
    {
      name: 'admin speaches NONE + searchTitle=safety, CREATED desc, page 10',
      collection: SPEACHES,
      filter: { $and: [{ archived: false }, { titleKey: { $regex: 'safety' } }] },
      options: { sort: { createdAt: -1, _id: 1 }, skip: 200, limit: 20 },
    },
    {
      // Not a list of this brief: the learner home's catalogue with a name, which the title lookup serves too.
      name: 'learner catalogue name=safety (readable $or), UPDATED desc',
      collection: SPEACHES,
      filter: {
        $and: [
          {
            archived: false,
            isTemplate: false,
            published: true,
            liveFrom: { $lte: now },
            $or: [
              { visibility: { $in: ['PUBLIC', 'SEMI_PRIVE'] } },
              { affectedUserIds: 'nobody' },
              { affectedGroupIds: { $in: ['no-group'] } },
              { authorId: 'nobody' },
              { coEditorIds: 'nobody' },
              { visibility: 'PRIVE', accessCodeHash: null },
              { visibility: 'PRIVE', _id: { $in: [] } },
            ],
          },
          { titleKey: { $regex: 'safety' } },
        ],
      },
      options: { sort: { updatedAt: -1, _id: 1 }, skip: 0, limit: 20 },
    },
    {
      name: 'admin speaches NONE (default), UPDATED desc',
      collection: SPEACHES,
      filter: { archived: false },
      options: { sort: { updatedAt: -1, _id: 1 }, skip: 0, limit: 20 },
    },
    { name: 'admin users search=anna roles=NONE,FORMATEUR ACTIVE', collection: USERS, filter: adminUsersFilter(anna), options: page(adminUsersSort(anna)) },
    { name: 'admin users CREATED_AT desc', collection: USERS, filter: adminUsersFilter(byCreation), options: page(adminUsersSort(byCreation)) },
    {
      name: 'admin users search=bench99 (rare), LAST_NAME',
      collection: USERS,
      filter: adminUsersFilter(Object.assign(new AdminUsersQuery(), { search: 'bench99', page: 0, size: 20 })),
      options: page(adminUsersSort(Object.assign(new AdminUsersQuery(), { page: 0, size: 20 }))),
    },
    {
      name: '/api/rest/users q=bench1, lastName ASC',
      collection: USERS,
      filter: userTextFilter('bench1'),
      options: { sort: { lastName: 1, _id: 1 }, skip: 0, limit: 25 },
    },
    {
      name: 'getSpeaches selected=false (admin, UPDATED desc)',
      collection: SPEACHES,
      filter: catalogue(),
      options: { sort: { updatedAt: -1, _id: 1 }, skip: 0, limit: 20 },
      count: () => liveCatalogueCount(store, now, path.speachIds),
    },
    {
      name: 'getSpeaches selected=false sort=PUBLICATION (admin)',
      collection: SPEACHES,
      filter: catalogue(),
      options: { sort: { firstPublishedAt: -1, _id: 1 }, skip: 0, limit: 20 },
      count: () => liveCatalogueCount(store, now, path.speachIds),
    },
    {
      name: 'getSpeaches selected=false sort=TITLE asc (admin)',
      collection: SPEACHES,
      filter: catalogue(),
      options: { sort: { titleKey: 1, _id: 1 }, skip: 0, limit: 20 },
      count: () => liveCatalogueCount(store, now, path.speachIds),
    },
    {
      name: 'getSpeaches selected=false name=safety (admin)',
      collection: SPEACHES,
      filter: catalogue('safety'),
      options: { sort: { updatedAt: -1, _id: 1 }, skip: 0, limit: 20 },
    },
  ];
}

function page(sort: Sort): FindOptions {
  return { sort, skip: 0, limit: 20 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function cpuPerCall(runs: number, call: () => Promise<unknown>, before = () => {}): Promise<number> {
  for (let i = 0; i < 10; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    before();
    const started = cpuUs();
    await call();
    samples.push(cpuUs() - started);
  }
  return median(samples);
}

async function time(readModelsFile: string, runs: number, plans: boolean): Promise<void> {
  const store = new SqliteReadStore(readModelsFile);
  // The indexes the code declares now (a start of the product adds the new ones to the built tables in place).
  const declared = cpuUs();
  for (const projection of [usersProjection, organisationProjection, speachesProjection, pathsProjection])
    for (const collection of projection.collections) for (const index of collection.indexes ?? []) await store.collection(collection.name).createIndex(index);
  console.log(`indexes declared in ${Math.round((cpuUs() - declared) / 1000)} ms of CPU`);
  const [path] = await store.collection<PathDocument>(PATHS).find({}, { limit: 1, sort: { _id: 1 } });
  const now = new Date().toISOString();
  // Every statement the store prepares, with the parameters of its last run: the plans of what a call ran.
  const issued: { sql: string; params: unknown[] }[] = [];
  const statement = SqliteTables.prototype.statement;
  // One wrapper per prepared statement: the store keeps facts about its statements (servesOrder) by identity.
  const wrappers = new WeakMap<object, unknown>();
  SqliteTables.prototype.statement = function (this: SqliteTables, sql: string) {
    const prepared = statement.call(this, sql);
    let wrapper = wrappers.get(prepared);
    if (!wrapper) {
      const record =
        (run: 'all' | 'get') =>
        (...params: unknown[]) => {
          issued.push({ sql, params });
          return (prepared[run] as (...p: unknown[]) => unknown)(...params);
        };
      const calls = { all: record('all'), get: record('get') };
      wrappers.set(prepared, (wrapper = { pluck: (on = true) => (prepared.pluck(on), calls), ...calls }));
    }
    return wrapper as never;
  };
  console.log(`path ${path._id} (${path.speachIds.length} speaches), now ${now}, ${runs} runs per line; µs of CPU per call (median)`);
  console.log('| line | page (find) | page + total | total | page + total remembered | matches |');
  console.log('|---|---|---|---|---|---|');
  for (const line of lines(store, now, path)) {
    const collection = store.collection<Document>(line.collection) as Collection<Document>;
    const withTotal = async () =>
      line.count ? { docs: await collection.find(line.filter, line.options), total: await line.count() } : collection.findPage(line.filter, line.options);
    issued.length = 0;
    const { total } = await withTotal();
    const statements = [...issued];
    // Cold: every call counts again (the product remembers a total until the table is written; see SqliteTables.remember).
    const forget = () => (store as unknown as { tables: SqliteTables }).tables.forgetAnswers();
    const pageUs = await cpuPerCall(runs, () => collection.find(line.filter, line.options), forget);
    const bothUs = await cpuPerCall(runs, withTotal, forget);
    const rememberedUs = await cpuPerCall(runs, withTotal);
    console.log(`| ${line.name} | ${pageUs} | ${bothUs} | ${bothUs - pageUs} | ${rememberedUs} | ${total} |`);
    if (plans)
      for (const { sql, params } of statements) {
        const plan = store.database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
        console.log(`    ${sql.slice(0, 400)}\n${plan.map((row) => `      ${row.detail}`).join('\n')}`);
      }
  }
  await store.close();
}

async function main(): Promise<void> {
  const [mode, ...rest] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 200);
  if (mode === 'build' && rest.length === 2) return build(rest[0], rest[1]);
  if (mode === 'time' && rest.length === 1) return time(rest[0], runs, process.argv.includes('--plans'));
  throw new Error('usage: list-queries.ts build <events.sqlite> <read-models.sqlite> | time <read-models.sqlite> [--runs=200] [--plans]');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
