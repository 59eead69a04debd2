import { Query } from 'mingo';
import { escapeRegex } from '../http/simple-rest';
import type { Document, Filter, Sort } from './read-store.port';
import { compileWhere } from './sql-filter-compiler';
import { SqliteReadStore } from './sqlite-read-store';
import type { SqliteTables } from './sqlite-tables';

interface Person extends Document {
  searchText: string;
  active: boolean;
  lastName: string;
}

const person = (id: string, searchText: string, active = true): Person => ({ _id: id, searchText, active, lastName: searchText.split('\n')[1] ?? '' });
const search = (text: string, options = 'i'): Filter => ({ searchText: { $regex: escapeRegex(text), $options: options } });

/**
 * A field declared for substring searches is looked up in a trigram table: the search box's words become index
 * lookups, and the answers stay those of mingo (the table's case folding only narrows, the exact test decides).
 */
describe('SQLite substring index', () => {
  let store: SqliteReadStore;
  let tables: SqliteTables;
  beforeEach(async () => {
    store = new SqliteReadStore(':memory:');
    const people = store.collection<Person>('people');
    await people.createIndex({ field: 'searchText', substring: true });
    await people.createIndex({ fields: [{ field: 'lastName' }] });
    tables = (people as unknown as { tables: SqliteTables }).tables;
  });
  afterEach(() => store.close());

  const ids = async (filter: Filter) => (await store.collection<Person>('people').find(filter, { sort: { _id: 1 } })).map((d) => d._id);
  const expected = (docs: Person[], filter: Filter) => (new Query(filter, {}).find<Person>(docs).all() as Person[]).map((d) => d._id).sort();

  it('finds words through the trigram table with the answers of mingo', async () => {
    const docs = [
      person('u1', 'Anna\nMartin\nanna.martin@example.com'),
      person('u2', 'Joanna\nWeber\njw@example.com'),
      person('u3', 'Bruno\nHANNAH\nbruno@example.com'),
      person('u4', 'Émile\nZoë\nemile@example.com'),
      // Unicode folds the long s and the Kelvin sign onto ASCII letters; JavaScript's `i` (and LIKE) does not.
      person('u5', 'ſafety\n\u212Aelvin\nk@example.com'),
      person('u6', '100%_done\n"quoted"\nq@example.com'),
    ];
    const people = store.collection<Person>('people');
    await people.bulkWrite(docs.map((doc) => ({ kind: 'replace', doc })));
    const shape = tables.shape(tables.tableOf('people'));
    expect(compileWhere(search('anna'), shape).sql).toContain(`"${shape.substrings('searchText')}" MATCH ?`);

    for (const [text, options] of [
      ['anna', 'i'],
      ['ANNA', 'i'],
      ['Anna', ''],
      ['safety', 'i'],
      ['kelvin', 'i'],
      ['0%_', 'i'],
      ['"quoted"', ''],
      ['example.com', 'i'],
      ['an', 'i'],
      ['zzz', 'i'],
    ]) {
      expect([text, await ids(search(text, options))]).toEqual([text, expected(docs, search(text, options))]);
    }
    // The ids alone, as the owner and author filters ask for them.
    expect(await people.find(search('example'), { projection: { _id: 1 }, sort: { _id: -1 }, limit: 2 })).toEqual([{ _id: 'u6' }, { _id: 'u5' }]);
    // Beside other conditions and in a page with its total.
    const filter = { $and: [search('example'), search('mart'), { active: true }] };
    expect(await people.findPage(filter, { sort: { lastName: 1, _id: 1 }, limit: 1 })).toMatchObject({ docs: [{ _id: 'u1' }], total: 1 });
  });

  it("tells the matches and counts them from the trigram table's own text, reading no document's JSON", async () => {
    const people = store.collection<Person>('people');
    const docs: Person[] = Array.from({ length: 30 }, (_, i) =>
      person(`u${String(i).padStart(2, '0')}`, `P${i}\nBench${i % 3}\nbench${i}@example.com`, i % 2 === 0),
    );
    // Only strings match a $regex: the digits of a number are no match (the trigram table holds strings alone).
    docs.push({ ...person('n1', ''), searchText: 12345 as unknown as string });
    await people.bulkWrite(docs.map((doc) => ({ kind: 'replace', doc })));
    const shape = tables.shape(tables.tableOf('people'));
    const where = compileWhere(search('bench1'), shape);
    expect(where.sql).not.toMatch(/\bdoc\b|k:searchText/);
    for (const filter of [search('bench1'), search('234'), search('Bench1', ''), { $and: [search('bench2'), { active: true }] }]) {
      const page = await people.findPage(filter, { sort: { lastName: -1, _id: 1 }, skip: 1, limit: 2 });
      const all = expected(docs, filter);
      expect([filter, page.total]).toEqual([filter, all.length]);
      expect(page.docs.every((d) => all.includes(d._id))).toBe(true);
    }
  });

  it('looks a field with a key column up by its values, and walks the ordered index for a page of many matches', async () => {
    interface Card extends Document {
      archived: boolean;
      titleKey: string;
      updatedAt: string;
    }
    const cards = store.collection<Card>('cards');
    await cards.createIndex({ fields: [{ field: 'archived' }, { field: 'titleKey' }] });
    await cards.createIndex({ fields: [{ field: 'archived' }, { field: 'updatedAt', direction: -1 }] });
    await cards.createIndex({ field: 'titleKey', substring: true });
    const docs: Card[] = Array.from({ length: 400 }, (_, i) => ({
      _id: `c${String(i).padStart(3, '0')}`,
      archived: i % 5 === 0,
      // "safety" in a third of the titles; "rare 7" in one.
      titleKey: `${i % 3 === 0 ? 'safety' : 'quality'} course ${i}${i === 7 ? ' rare' : ''}`,
      updatedAt: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`,
    }));
    await cards.bulkWrite(docs.map((doc) => ({ kind: 'replace', doc })));
    const shape = tables.shape(tables.tableOf('cards'));
    // With an $or beside (a reader's visibility rules), the walk's index still leads with the flags.
    const filter = (word: string, or = false): Filter => ({
      $and: [
        or ? { archived: false, $or: [{ updatedAt: { $gte: '2026-01-01' } }, { note: 'none' }] } : { archived: false },
        { titleKey: { $regex: escapeRegex(word) } },
      ],
    });
    expect(compileWhere(filter('safety'), shape).sql).toContain(`"k:titleKey" IN (SELECT text FROM "${shape.substrings('titleKey')}"`);
    const statements: string[] = [];
    const statement = tables.statement.bind(tables);
    jest.spyOn(tables, 'statement').mockImplementation((sql: string) => {
      statements.push(sql);
      return statement(sql);
    });
    const pageOf = (sql: string) => sql.startsWith('SELECT doc');

    for (const [word, walked, or] of [
      ['safety', true, false],
      ['rare', false, false],
      ['safety', true, true],
    ] as const) {
      const pages: { sort: Sort; skip: number; limit: number }[] = [
        { sort: { updatedAt: -1, _id: 1 }, skip: 0, limit: 10 },
        { sort: { titleKey: 1, _id: 1 }, skip: 20, limit: 10 },
        { sort: { titleKey: 1, _id: 1 }, skip: 0, limit: 10 },
        { sort: { titleKey: -1, _id: 1 }, skip: 5, limit: 10 },
      ];
      for (const options of pages) {
        statements.length = 0;
        const page = await cards.findPage(filter(word, or), options);
        const all = new Query(filter(word, or), {}).find<Card>(docs).sort(options.sort).all() as Card[];
        expect([word, page.total]).toEqual([word, all.length]);
        expect(page.docs.map((d) => d._id)).toEqual(all.slice(options.skip, options.skip + options.limit).map((d) => d._id));
        // Many matches: the page walks the order's index with the plain test; few: it reads the lookup's matches.
        const reads = statements.filter(pageOf);
        if (all.length > options.skip) expect([word, reads.some((sql) => sql.includes(' MATCH '))]).toEqual([word, !walked]);
        else expect(reads).toEqual([]);
        // Ordered by the searched field, the walk starts at the first match ("quality …" titles are never visited).
        if (walked && options.sort.titleKey)
          expect(reads.some((sql) => sql.includes(`"k:titleKey" ${options.sort.titleKey === 1 ? '>=' : '<='} ?`))).toBe(true);
      }
    }
  });

  it('stays in step with replaces, updates and deletes', async () => {
    const people = store.collection<Person>('people');
    await people.bulkWrite([
      { kind: 'replace', doc: person('u1', 'Anna\nMartin\na@example.com') },
      { kind: 'replace', doc: person('u2', 'Hugo\nWeber\nh@example.com') },
    ]);
    await people.replace(person('u1', 'Greta\nMartin\ng@example.com'));
    await people.updateById('u2', { $set: { searchText: 'Hugo\nAnnaberg\nh@example.com' } });
    expect(await ids(search('anna'))).toEqual(['u2']);
    expect(await ids(search('greta'))).toEqual(['u1']);
    await people.deleteById('u2');
    expect(await ids(search('anna'))).toEqual([]);
    await people.clear();
    expect(await ids(search('greta'))).toEqual([]);
  });

  it('indexes the documents already stored when declared, and is built again in a rebuild beside', async () => {
    const late = store.collection<Person>('late');
    await late.bulkWrite([{ kind: 'replace', doc: person('u1', 'Anna\nMartin\na@example.com') }]);
    await late.createIndex({ field: 'searchText', substring: true });
    await late.createIndex({ field: 'searchText', substring: true });
    expect(await late.find(search('anna'))).toHaveLength(1);

    const rebuild = await store.rebuildBeside!('late-projection', 2, ['late'], true);
    await rebuild.store.collection<Person>('late').replace(person('u9', 'Nora\nLópez\nnora@example.com'));
    await rebuild.switchOver({ name: 'late-projection', position: 1, version: 2 });
    expect((await late.find(search('nora'))).map((d) => d._id)).toEqual(['u9']);
    expect(await late.find(search('anna'))).toEqual([]);
    const trigramTables = tables.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'late%:tri:searchText'`).pluck().all();
    expect(trigramTables).toEqual([`${tables.tableOf('late')}:tri:searchText`]);
  });
});
