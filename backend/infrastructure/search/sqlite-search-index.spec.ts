import Database from 'better-sqlite3';
import type { SpeachSearchDocument } from '../../../projections/speach-search.projection';
import { NOW, SearchCorpus } from '../../../test/contracts/search-corpus';
import { sqliteCollectionTable as sqliteTable } from '../../../test/support/sqlite-collection-table';
import { distinctTokens } from '../../../projections/search-text';
import {
  RANKING_WINDOW,
  SqliteSearchIndex,
  type SqliteSearchHost,
  attachSqliteSearch,
  installSqliteSearch,
  uninstallSqliteSearch,
} from './sqlite-search-index';

const viewer = { userId: 'u-reader', groupIds: [], now: NOW };

async function documents(): Promise<SpeachSearchDocument[]> {
  const corpus = new SearchCorpus();
  await corpus.speach('ladder', 'Ladder safety', '<p>Three points of contact.</p>');
  await corpus.speach('forklift', 'Forklift licence', '<p>Pallets and ladders.</p>');
  await corpus.speach('draft', 'Ladder draft', '<p>Unpublished.</p>');
  await corpus.publish('ladder');
  await corpus.publish('forklift');
  return corpus.documents();
}

const objects = (db: Database.Database, table: string) =>
  (db.prepare(`SELECT name FROM sqlite_master WHERE name LIKE ? ORDER BY name`).all(`${table}%`) as { name: string }[]).map((r) => r.name);
const vocabulary = (db: Database.Database, table: string) =>
  Object.fromEntries((db.prepare(`SELECT term, docs FROM "${table}_terms"`).all() as { term: string; docs: number }[]).map((r) => [r.term, r.docs]));

/** What the shared SQLite contract promises the search adapter, played by a minimal store. */
class FakeStore implements SqliteSearchHost {
  readonly database = new Database(':memory:');
  private readonly created: ((db: Database.Database, table: string) => void)[] = [];
  private readonly dropped: ((db: Database.Database, table: string) => void)[] = [];
  current = 'speach_search_v1';

  constructor() {
    sqliteTable(this.database, this.current);
  }
  tableOf(): string {
    return this.current;
  }
  onTableCreated(_: string, install: (db: Database.Database, table: string) => void): void {
    this.created.push(install);
    install(this.database, this.current);
  }
  onTableDropped(_: string, drop: (db: Database.Database, table: string) => void): void {
    this.dropped.push(drop);
  }
  /** A version rebuild: a fresh table beside the old one, then the switch and the old one dropped. */
  rebuildInto(table: string, docs: SpeachSearchDocument[]): void {
    const old = this.current;
    this.database.transaction(() => {
      const write = sqliteTable(this.database, table);
      for (const install of this.created) install(this.database, table);
      write(docs);
    })();
    this.current = table;
    this.database.transaction(() => {
      for (const drop of this.dropped) drop(this.database, old);
      this.database.exec(`DROP TABLE "${old}"`);
    })();
  }
}

describe('SQLite search index', () => {
  it('indexes the rows a table already holds when installed on it, and removes everything it attached', async () => {
    const db = new Database(':memory:');
    sqliteTable(db, 'speach_search')(await documents());
    installSqliteSearch(db, 'speach_search');
    const index = new SqliteSearchIndex(db, 'speach_search');
    expect((await index.search({ term: 'ladder', viewer, page: 0, pageSize: 10 })).ids).toEqual(['ladder', 'forklift']);
    expect(vocabulary(db, 'speach_search')).toEqual(expect.objectContaining({ ladder: 1, ladders: 1, contact: 1 }));
    expect(vocabulary(db, 'speach_search')).not.toHaveProperty('unpublished');
    // Installing again (a restart) changes nothing.
    installSqliteSearch(db, 'speach_search');
    expect(vocabulary(db, 'speach_search').ladder).toBe(1);
    uninstallSqliteSearch(db, 'speach_search');
    expect(objects(db, 'speach_search')).toEqual(['speach_search']);
    db.close();
  });

  it('keeps the vocabulary counts exact as documents come, change and go', async () => {
    const db = new Database(':memory:');
    const write = sqliteTable(db, 'speach_search');
    installSqliteSearch(db, 'speach_search');
    const docs = await documents();
    write(docs);
    expect(vocabulary(db, 'speach_search')).toEqual(expect.objectContaining({ ladder: 1, safety: 1, forklift: 1, part: 2 }));
    const ladder = docs.find((d) => d._id === 'ladder')!;
    write([{ ...ladder, title: 'Scaffold safety', terms: ['scaffold', 'safety', 'part', 'one', 'three', 'points', 'of', 'contact'] }]);
    expect(vocabulary(db, 'speach_search')).not.toHaveProperty('ladder');
    expect(vocabulary(db, 'speach_search')).toEqual(expect.objectContaining({ scaffold: 1, part: 2 }));
    write([{ ...ladder, listed: false }]);
    expect(vocabulary(db, 'speach_search')).not.toHaveProperty('scaffold');
    db.prepare(`DELETE FROM "speach_search" WHERE _id = ?`).run('forklift');
    expect(vocabulary(db, 'speach_search')).toEqual({});
    expect(db.prepare(`SELECT count(*) AS n FROM "speach_search_facts"`).get()).toEqual({ n: 0 });
    db.close();
  });

  it('follows the read store to a rebuilt table and drops what it attached to the old one', async () => {
    const store = new FakeStore();
    const index = attachSqliteSearch(store);
    const docs = await documents();
    const upsert = store.database.prepare(`INSERT INTO "speach_search_v1"(_id, doc) VALUES (?, ?) ON CONFLICT(_id) DO UPDATE SET doc = excluded.doc`);
    for (const doc of docs) upsert.run(doc._id, JSON.stringify(doc));
    expect((await index.search({ term: 'forklift', viewer, page: 0, pageSize: 10 })).ids).toEqual(['forklift']);
    store.rebuildInto(
      'speach_search_v2',
      docs.filter((d) => d._id !== 'forklift'),
    );
    expect((await index.search({ term: 'forklift', viewer, page: 0, pageSize: 10 })).ids).toEqual([]);
    expect((await index.search({ term: 'ladder', viewer, page: 0, pageSize: 10 })).ids).toEqual(['ladder']);
    expect(objects(store.database, 'speach_search_v1')).toEqual([]);
    expect(objects(store.database, 'speach_search_v2')).toEqual(
      expect.arrayContaining(['speach_search_v2_fts', 'speach_search_v2_facts', 'speach_search_v2_terms', 'speach_search_v2_audience']),
    );
    store.database.close();
  });

  it('ranks only the newest matches of a very common word and still pages through every match exactly once', async () => {
    const db = new Database(':memory:');
    const write = sqliteTable(db, 'speach_search');
    installSqliteSearch(db, 'speach_search');
    const [template] = (await documents()).filter((d) => d._id === 'ladder');
    const count = RANKING_WINDOW + 30;
    const docs = Array.from({ length: count }, (_, i) => {
      const id = `s${String(i).padStart(5, '0')}`;
      // Every tenth speach has the word in its title: within the ranked window they come first.
      const title = i % 10 === 0 ? `Safety ${id}` : `Course ${id}`;
      const updatedAt = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
      return {
        ...template,
        _id: id,
        title,
        titleKey: title.toLowerCase(),
        body: 'Wear safety shoes.',
        terms: distinctTokens(title, 'Wear safety shoes.'),
        updatedAt,
      };
    });
    write(docs);
    const index = new SqliteSearchIndex(db, 'speach_search');
    const pageSize = 50;
    const first = await index.search({ term: 'safety', viewer, page: 0, pageSize });
    expect(first.total).toBe(count);
    // The window holds the newest RANKING_WINDOW rows (s00030 and later): its title matches lead.
    expect(first.ids.slice(0, 3)).toEqual(expect.arrayContaining(['s01020', 's01010', 's01000']));
    expect(first.ids.every((id, i) => i >= RANKING_WINDOW / 10 || Number(id.slice(1)) % 10 === 0)).toBe(true);
    const seen: string[] = [];
    for (let page = 0; page * pageSize < count; page++) seen.push(...(await index.search({ term: 'safety', viewer, page, pageSize })).ids);
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    // Past the window, the oldest matches follow, newest first.
    expect(seen.slice(RANKING_WINDOW)).toEqual(Array.from({ length: 30 }, (_, i) => `s${String(29 - i).padStart(5, '0')}`));
    db.close();
  });
});
