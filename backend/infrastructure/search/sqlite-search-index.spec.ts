import Database from 'better-sqlite3';
import type { SpeachSearchDocument } from '../../../projections/speach-search.projection';
import { NOW, SearchCorpus } from '../../../test/contracts/search-corpus';
import { sqliteCollectionTable as sqliteTable } from '../../../test/support/sqlite-collection-table';
import { distinctTokens } from '../../../projections/search-text';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { SPEACH_SEARCH } from '../../../projections/speach-search.projection';
import { MemorySearchIndex } from './memory-search-index';
import {
  RANKING_WINDOW,
  WALK_FROM,
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

  /** `count` speaches with a common word, every tenth with it in the title, in four languages, some restricted or scheduled. */
  function commonWord(template: SpeachSearchDocument, count: number): SpeachSearchDocument[] {
    return Array.from({ length: count }, (_, i) => {
      const id = `s${String(i).padStart(5, '0')}`;
      const title = i % 10 === 0 ? `Safety ${id}` : `Course ${id}`;
      // Rare words the common ones start (a prefix's union), some speaches with both.
      const rare = [i % 97 === 0 ? 'safetynet' : '', i % 89 === 0 ? 'glove' : '', i % 3 === 0 && i % 5 === 0 ? 'safetys' : ''].join(' ');
      const body = `${i % 3 === 0 ? 'Wear safety shoes and gloves.' : i % 97 === 0 || i % 89 === 0 ? 'Wear shoes.' : 'Wear safety shoes.'} ${rare}`;
      const restricted = i % 17 === 0;
      return {
        ...template,
        _id: id,
        title,
        titleKey: `${String.fromCharCode(97 + ((i * 7) % 26))} ${title.toLowerCase()}`,
        body,
        language: (['en-US', 'fr-FR', 'es-ES', 'de-DE'] as const)[i % 4],
        terms: distinctTokens(title, body),
        updatedAt: new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % count) * 60_000).toISOString(),
        // Scheduled: published, not live yet for the viewer.
        listedFrom: i % 23 === 0 ? '2099-01-01T00:00:00.000Z' : template.listedFrom,
        audience: restricted ? (i % 2 ? ['u:u-reader'] : ['g:g-other']) : ['*'],
      };
    });
  }

  function bothAdapters(docs: SpeachSearchDocument[]) {
    const db = new Database(':memory:');
    sqliteTable(db, 'speach_search')(docs);
    installSqliteSearch(db, 'speach_search');
    const memory = new MemoryReadStore();
    return {
      db,
      sqlite: new SqliteSearchIndex(db, 'speach_search'),
      memory: new MemorySearchIndex(memory),
      ready: memory.collection(SPEACH_SEARCH).bulkWrite(docs.map((doc) => ({ kind: 'replace', doc }))),
    };
  }

  it('ranks only the newest matches of a very common word: the first page is the full ranking of that window, and every match comes exactly once', async () => {
    const [template] = (await documents()).filter((d) => d._id === 'ladder');
    const count = RANKING_WINDOW + 30;
    const docs = commonWord(template, count).map((d) => ({
      ...d,
      body: 'Wear safety shoes.',
      terms: distinctTokens(d.title, 'Wear safety shoes.'),
      audience: ['*'],
      listedFrom: template.listedFrom,
      language: 'en-US' as const,
    }));
    const { db, sqlite, memory, ready } = bothAdapters(docs);
    await ready;
    const pageSize = 50;
    const first = await sqlite.search({ term: 'safety', viewer, page: 0, pageSize });
    expect(first.total).toBe(count);
    // The window: the newest RANKING_WINDOW rows (rowids follow the insertion order, s00030 and later).
    const window = new Set(docs.slice(count - RANKING_WINDOW).map((d) => d._id));
    const full = (await memory.search({ term: 'safety', viewer, page: 0, pageSize: count })).ids;
    expect(full).toHaveLength(count);
    expect(first.ids).toEqual(full.filter((id) => window.has(id)).slice(0, pageSize));
    const seen: string[] = [];
    for (let page = 0; page * pageSize < count; page++) seen.push(...(await sqlite.search({ term: 'safety', viewer, page, pageSize })).ids);
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    // Past the window, the oldest matches follow, newest first.
    expect(seen.slice(RANKING_WINDOW)).toEqual(Array.from({ length: 30 }, (_, i) => `s${String(29 - i).padStart(5, '0')}`));
    db.close();
  });

  it('counts a common word from its tally exactly as walking its matches does, for every viewer, language and time', async () => {
    const [template] = (await documents()).filter((d) => d._id === 'ladder');
    const count = WALK_FROM + 120;
    const { db, sqlite, memory, ready } = bothAdapters(commonWord(template, count));
    await ready;
    const viewers = [
      viewer,
      { ...viewer, userId: 'u-other' },
      { ...viewer, userId: 'u-other', groupIds: ['g-other'] },
      { ...viewer, now: '2099-06-01T00:00:00.000Z' },
    ];
    for (const who of viewers)
      for (const term of [
        'safety',
        'safety shoes',
        'gloves',
        'saf',
        '',
        'safety s00010',
        'safte',
        'safety qwxyz',
        'qwxyz gloves',
        'qwxyz',
        'glov',
        'safetyn',
        'safty',
        'shoes safety',
      ])
        for (const languageId of [undefined, 'fr-FR', 'it-IT']) {
          const request = { term, viewer: who, languageId, page: 0, pageSize: 5 };
          const [got, expected] = [await sqlite.search(request), await memory.search(request)];
          expect({ term, total: got.total, languages: got.availableLanguages }).toEqual({
            term,
            total: expected.total,
            languages: expected.availableLanguages,
          });
        }
    db.close();
  });

  it('sorts a common word by title and by update through the facts in that order, as a full sort does', async () => {
    const [template] = (await documents()).filter((d) => d._id === 'ladder');
    const count = WALK_FROM + 200;
    const { db, sqlite, memory, ready } = bothAdapters(commonWord(template, count));
    await ready;
    const restrictedViewer = { ...viewer, groupIds: ['g-other'] };
    for (const sort of ['TITRE', 'RECENT'] as const)
      for (const languageId of [undefined, 'es-ES'])
        for (const page of [0, 3, 40]) {
          const request = { term: 'safety', viewer: restrictedViewer, sort, languageId, page, pageSize: 10 };
          const got = await sqlite.search(request);
          expect(got.total).toBeGreaterThan(languageId ? WALK_FROM / 4 - 100 : WALK_FROM);
          expect(got).toEqual(await memory.search(request));
        }
    db.close();
  });

  it('keeps the tally of listed public speaches per word and language exact as they change, and builds it for an index attached before it existed', async () => {
    const db = new Database(':memory:');
    const write = sqliteTable(db, 'speach_search');
    installSqliteSearch(db, 'speach_search');
    const docs = await documents();
    write(docs);
    expect(tally(db)).toEqual(expect.objectContaining({ 'ladder|en-US': 1, 'part|en-US': 2, '|en-US': 2 }));
    const ladder = docs.find((d) => d._id === 'ladder')!;
    write([{ ...ladder, language: 'fr-FR' }]);
    expect(tally(db)).toEqual(expect.objectContaining({ 'ladder|fr-FR': 1, 'part|fr-FR': 1, 'part|en-US': 1, '|en-US': 1, '|fr-FR': 1 }));
    expect(tally(db)).not.toHaveProperty(['ladder|en-US']);
    // Restricted: no longer in the tally (counted per viewer from its audience).
    write([{ ...ladder, language: 'fr-FR', audience: ['u:u-reader'] }]);
    expect(tally(db)).not.toHaveProperty(['|fr-FR']);
    write([{ ...ladder, title: 'Scaffold', terms: ['scaffold', 'part'] }]);
    expect(tally(db)).toEqual(expect.objectContaining({ 'scaffold|en-US': 1, 'part|en-US': 2, '|en-US': 2 }));
    // An index from before the tally: dropped here, rebuilt from the rows at the next start.
    const before = tally(db);
    db.exec(`DROP TABLE "speach_search_tally"`);
    installSqliteSearch(db, 'speach_search');
    expect(tally(db)).toEqual(before);
    db.prepare(`DELETE FROM "speach_search"`).run();
    expect(tally(db)).toEqual({});
    db.close();
  });
});

const tally = (db: Database.Database) =>
  Object.fromEntries(
    (db.prepare(`SELECT term, language, docs FROM "speach_search_tally"`).all() as { term: string; language: string; docs: number }[]).map((r) => [
      `${r.term}|${r.language}`,
      r.docs,
    ]),
  );
