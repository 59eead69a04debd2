import { Query } from 'mingo';
import { seededRandom } from '../seeded-random';
import type { Document, Filter, IndexSpec, Sort } from './read-store.port';
import { compileWhere } from './sql-filter-compiler';
import { SqliteReadStore } from './sqlite-read-store';
import { SqliteTableShape } from './sqlite-table-shape';

/** mingo over the documents in insertion order: the answer the SQLite store must give. */
function mingo(docs: Document[], filter: Filter, options: { sort?: Sort; skip?: number; limit?: number }): { ids: string[]; total: number } {
  const matches = new Query(filter, {}).find<Document>(docs).all() as Document[];
  let cursor = new Query({}, {}).find<Document>(matches);
  if (options.sort) cursor = cursor.sort(options.sort);
  if (options.skip) cursor = cursor.skip(options.skip);
  if (options.limit) cursor = cursor.limit(options.limit);
  return { ids: (cursor.all() as Document[]).map((d) => d._id), total: matches.length };
}

describe('SQLite filters and sorts against mingo', () => {
  const next = seededRandom(11);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const words = ['Anna', 'anna.smith@example.com', 'Émile', 'bench12', 'safety', '', 'x.y', 'Zoë', 'b', 'ANNA%x_y\\z', 'ſafety'];
  const days = ['2025-01-01T10:00:00.000Z', '2026-06-30T23:59:59.999Z', '2026-07-01'];
  const scalar = () => pick<unknown>([pick(words), pick(days), 0, 1, 2.5, -3, true, false, null]);

  /** Arrays, objects and scalars of every type at the same paths: mostly answered by mingo on SQL's candidates. */
  function mixedDocument(i: number): Document {
    const doc: Document = {
      _id: `d${String(i).padStart(4, '0')}`,
      name: pick(words),
      createdAt: pick([...days, null]),
      score: pick([0, 1, 2.5, -3, null, '1', true]),
      active: pick([true, false]),
      roles: pick([[], ['ADMIN'], ['FORMATEUR', 'APPROBATEUR'], ['ADMIN', 'FORMATEUR']]),
      groupIds: pick([[], ['g1'], ['g1', 'g2'], [null], 'g1']),
      profile: pick([{ city: pick(words), langs: pick([['fr', 'en'], []]) }, { langs: ['de'] }, null, 'none']),
      chapters: pick([[{ title: pick(words), minutes: 3 }, { minutes: 5 }], [], [{ title: 'safety', minutes: 1 }]]),
    };
    for (const field of ['name', 'createdAt', 'score', 'profile', 'groupIds']) if (next() < 0.1) delete doc[field];
    return doc;
  }

  /** The shape of real read models: scalars (of mixed types, null or missing) and nested objects, arrays only where declared. */
  function listDocument(i: number): Document {
    const doc: Document = {
      _id: `s${String(i).padStart(4, '0')}`,
      title: pick(words),
      updatedAt: pick([...days, null]),
      rank: pick([0, 1, 2.5, -3, 7, null, 'top', false, true]),
      archived: pick([true, false]),
      ownerId: pick(['u1', 'u2', 'u3']),
      author: pick([{ city: pick(words), level: pick([1, 2, 3]) }, { level: 2 }]),
      coEditorIds: pick([[], ['u1'], ['u2', 'u3'], [null], ['u1', 'u3']]),
    };
    for (const field of ['title', 'updatedAt', 'rank']) if (next() < 0.15) delete doc[field];
    return doc;
  }

  const mixedFields = [
    'name',
    'createdAt',
    'score',
    'active',
    'roles',
    'groupIds',
    'profile.city',
    'profile.langs',
    'chapters.title',
    'chapters.minutes',
    'absent',
    '_id',
  ];
  const listFields = ['title', 'updatedAt', 'rank', 'archived', 'ownerId', 'author.city', 'author.level', 'coEditorIds', 'absent', '_id'];

  function leaf(fields: string[]): Filter {
    const field = pick(fields);
    switch (pick(['eq', 'op', 'in', 'nin', 'range', 'regex', 'exists', 'size', 'ne', 'id'])) {
      case 'eq':
        return { [field]: scalar() };
      case 'op':
        return { [field]: { $eq: scalar() } };
      case 'ne':
        return { [field]: { $ne: scalar() } };
      case 'in':
        return { [field]: { $in: [scalar(), scalar()] } };
      case 'nin':
        return { [field]: { $nin: [scalar(), scalar()] } };
      case 'range':
        return {
          [field]: {
            [pick(['$gt', '$gte', '$lt', '$lte'])]: pick<unknown>([1, 0, 2.5, '2026-01-01', 'bench', 'b', 'u2', 's0100']),
            ...(next() < 0.4 ? { $lt: pick<unknown>([3, '2026-07-01T00:00:00.000Z', 'z']) } : {}),
          },
        };
      case 'regex':
        return {
          [field]: {
            $regex: pick(['anna', '^b', 'safe', 'É', '\\.', 'example\\.com$', 'u[13]', 'BENCH1', 'a%x', 'x_y', '%', '_', '\\\\z', 'N\\.S', '']),
            ...(next() < 0.5 ? { $options: 'i' } : {}),
          },
        };
      case 'exists':
        return { [field]: { $exists: pick([true, false]) } };
      case 'id':
        return { _id: pick<unknown>([{ $in: ['d0001', 's0002', 'd0003'] }, 's0007', { $gt: 's0200' }, { $nin: ['d0001', 's0002'] }, { $ne: 's0003' }]) };
      default:
        return { [field]: { $size: pick([0, 1, 2]) } };
    }
  }

  function filter(fields: string[], depth: number): Filter {
    if (depth === 0 || next() < 0.4) return leaf(fields);
    const kind = pick(['$and', '$or', '$nor', 'fields']);
    if (kind === 'fields') return { ...leaf(fields), ...leaf(fields) };
    return { [kind]: [filter(fields, depth - 1), filter(fields, depth - 1)] };
  }

  function sort(fields: string[]): Sort | undefined {
    const keys = fields.filter((f) => f !== 'absent' || next() < 0.3);
    const n = pick([0, 1, 1, 2]);
    if (n === 0) return undefined;
    const chosen: Sort = {};
    for (let i = 0; i < n; i++) chosen[pick(keys)] = pick([1, -1] as const);
    return chosen;
  }

  async function compare(docs: Document[], fields: string[], indexes: IndexSpec[], queries: number): Promise<number> {
    const store = new SqliteReadStore(':memory:');
    const collection = store.collection('docs');
    for (const index of indexes) await collection.createIndex(index);
    await collection.bulkWrite(docs.map((doc) => ({ kind: 'replace', doc })));
    const shape = new SqliteTableShape(store.database, store.tableOf('docs'));
    let exact = 0;
    for (let k = 0; k < queries; k++) {
      const f = filter(fields, 3);
      const options = { sort: sort(fields), skip: pick([0, 0, 3]), limit: pick([0, 5, 20]) };
      if (compileWhere(f, shape).exact) exact++;
      const expected = mingo(docs, f, options);
      const found = (await collection.find(f, options)).map((d) => d._id);
      const page = await collection.findPage(f, options);
      const count = await collection.count(f);
      const context = `filter ${JSON.stringify(f)} options ${JSON.stringify(options)}`;
      if (found.join() !== expected.ids.join()) throw new Error(`${context}: SQLite ${found.join()} mingo ${expected.ids.join()}`);
      if (page.docs.map((d) => d._id).join() !== expected.ids.join() || page.total !== expected.total) throw new Error(`${context}: findPage differs`);
      if (count !== expected.total) throw new Error(`${context}: count ${count}, mingo ${expected.total}`);
    }
    await store.close();
    return exact;
  }

  it('answers like mingo on documents holding arrays, objects and scalars at the same paths', async () => {
    const docs = Array.from({ length: 300 }, (_, i) => mixedDocument(i));
    await compare(docs, mixedFields, [], 250);
    await compare(
      docs,
      mixedFields,
      [{ field: 'name' }, { field: 'score' }, { field: 'groupIds' }, { fields: [{ field: 'active' }, { field: 'createdAt', direction: -1 }] }],
      250,
    );
  }, 180_000);

  it('answers like mingo on list-shaped documents, most filters in SQL alone', async () => {
    const docs = Array.from({ length: 300 }, (_, i) => listDocument(i));
    const unindexed = await compare(docs, listFields, [], 300);
    const indexed = await compare(
      docs,
      listFields,
      [
        { field: 'ownerId' },
        { field: 'coEditorIds' },
        { fields: [{ field: 'archived' }, { field: 'updatedAt', direction: -1 }] },
        { field: 'author.city' },
        { field: 'rank' },
        { field: 'title', substring: true },
      ],
      300,
    );
    // A substring index beside a key column: lookups by value, and pages of many matches walked along an ordered index.
    const byValue = await compare(
      Array.from({ length: 600 }, (_, i) => listDocument(i)),
      listFields,
      [
        { fields: [{ field: 'archived' }, { field: 'title' }] },
        { fields: [{ field: 'archived' }, { field: 'updatedAt', direction: -1 }] },
        { field: 'title', substring: true },
      ],
      300,
    );
    // The comparison covers the SQL path, not only mingo's on the candidates.
    expect(unindexed).toBeGreaterThan(200);
    expect(indexed).toBeGreaterThan(200);
    expect(byValue).toBeGreaterThan(200);
  }, 180_000);

  it('answers searches and exclusions by id without a JavaScript callback or the JSON per row', async () => {
    const store = new SqliteReadStore(':memory:');
    const shape = new SqliteTableShape(store.database, store.tableOf('docs'));
    const search = compileWhere({ name: { $regex: 'bench1\\.', $options: 'i' } }, shape);
    expect(search).toMatchObject({ exact: true, params: ['%bench1.%'] });
    expect(search.sql).toContain('LIKE');
    expect(search.sql).not.toContain('js_regexp');
    // Outside ASCII, or with real metacharacters, JavaScript's own regular expression decides.
    expect(compileWhere({ name: { $regex: 'Émile', $options: 'i' } }, shape).sql).toContain('js_regexp');
    expect(compileWhere({ name: { $regex: '^b' } }, shape).sql).toContain('js_regexp');
    const excluded = compileWhere({ _id: { $nin: ['a', 'b'] } }, shape);
    expect(excluded.sql).toBe(`rowid NOT IN (SELECT rowid FROM "${shape.table}" WHERE _id IN (?, ?))`);
    await store.close();
  });

  it('keeps answering like mingo after writes change a field from scalars to arrays', async () => {
    const store = new SqliteReadStore(':memory:');
    const collection = store.collection('docs');
    await collection.createIndex({ field: 'tag' });
    const docs: Document[] = [
      { _id: 'a', tag: 'x', n: 2 },
      { _id: 'b', tag: 'y', n: 1 },
    ];
    await collection.bulkWrite(docs.map((doc) => ({ kind: 'replace', doc })));
    expect((await collection.find({ tag: 'x' }, { sort: { tag: 1 } })).map((d) => d._id)).toEqual(['a']);
    await collection.replace({ _id: 'c', tag: ['x', 'z'], n: 0 });
    await collection.updateById('b', { $set: { n: [5, 0] } });
    const all = [docs[0], { _id: 'b', tag: 'y', n: [5, 0] }, { _id: 'c', tag: ['x', 'z'], n: 0 }];
    for (const [f, sorting] of [
      [{ tag: 'x' }, { tag: 1 }],
      [{ tag: { $ne: 'z' } }, { n: -1 }],
      [{ n: { $gt: 1 } }, { n: 1 }],
    ] as [Filter, Sort][]) {
      expect((await collection.find(f, { sort: sorting })).map((d) => d._id)).toEqual(mingo(all, f, { sort: sorting }).ids);
    }
    await store.close();
  });
});
