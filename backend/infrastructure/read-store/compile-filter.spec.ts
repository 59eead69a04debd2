import { Query } from 'mingo';
import { compileFilter } from './compile-filter';
import type { Filter } from './read-store.port';
import { seededRandom } from '../seeded-random';

describe('compiled filters', () => {
  const next = seededRandom(7);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const words = ['Anna', 'anna.smith@example.com', 'Émile', 'bench12', 'safety', '', 'x.y'];
  const days = ['2025-01-01T10:00:00.000Z', '2026-06-30T23:59:59.999Z', '2026-07-01'];
  const scalar = () => pick<unknown>([pick(words), pick(days), 0, 1, 2.5, -3, true, false, null]);

  const docs = Array.from({ length: 400 }, (_, i) => {
    const doc: Record<string, unknown> = {
      _id: `d${i}`,
      name: pick(words),
      createdAt: pick([...days, null]),
      score: pick([0, 1, 2.5, -3, null, '1']),
      active: pick([true, false]),
      roles: pick([[], ['ADMIN'], ['FORMATEUR', 'APPROBATEUR'], ['ADMIN', 'FORMATEUR']]),
      groupIds: pick([[], ['g1'], ['g1', 'g2'], [null]]),
      profile: pick([{ city: pick(words), langs: pick([['fr', 'en'], []]) }, { langs: ['de'] }, null, 'none']),
      chapters: pick([[{ title: pick(words), minutes: 3 }, { minutes: 5 }], [], [{ title: 'safety', minutes: 1 }]]),
    };
    for (const field of ['name', 'createdAt', 'score', 'profile', 'groupIds']) if (next() < 0.1) delete doc[field];
    return doc;
  });

  const fields = ['name', 'createdAt', 'score', 'active', 'roles', 'groupIds', 'profile.city', 'profile.langs', 'chapters.title', 'chapters.minutes', 'absent'];
  function leaf(): Filter {
    const field = pick(fields);
    switch (pick(['eq', 'op', 'in', 'nin', 'range', 'regex', 'exists', 'size', 'ne'])) {
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
            [pick(['$gt', '$gte', '$lt', '$lte'])]: pick<unknown>([1, 0, 2.5, '2026-01-01', 'bench', 'b']),
            ...(next() < 0.4 ? { $lt: pick<unknown>([3, '2026-07-01T00:00:00.000Z', 'z']) } : {}),
          },
        };
      case 'regex':
        return { [field]: { $regex: pick(['anna', '^b', 'safe', 'É', '\\.', 'example\\.com$']), ...(next() < 0.5 ? { $options: 'i' } : {}) } };
      case 'exists':
        return { [field]: { $exists: pick([true, false]) } };
      default:
        return { [field]: { $size: pick([0, 1, 2]) } };
    }
  }
  function filter(depth: number): Filter {
    if (depth === 0 || next() < 0.4) return leaf();
    const kind = pick(['$and', '$or', '$nor', 'fields']);
    if (kind === 'fields') return { ...leaf(), ...leaf() };
    return { [kind]: [filter(depth - 1), filter(depth - 1)] };
  }

  it('selects exactly the documents mingo selects, on 3,000 random filters', () => {
    let compiledCount = 0;
    for (let k = 0; k < 3000; k++) {
      const f = filter(3);
      const predicate = compileFilter(f);
      if (!predicate) continue;
      compiledCount++;
      const query = new Query(f, {});
      const expected = docs.filter((d) => query.test(d)).map((d) => d._id);
      const actual = docs.filter((d) => predicate(d)).map((d) => d._id);
      if (actual.join() !== expected.join()) throw new Error(`filter ${JSON.stringify(f)}: compiled ${actual.length} documents, mingo ${expected.length}`);
    }
    // Most shapes are compiled (null and $exists through nested paths are left to mingo): the comparison is not vacuous.
    expect(compiledCount).toBeGreaterThan(2000);
  });

  it('matches the filters the product lists build', () => {
    const users = [
      {
        _id: 'u1',
        firstName: 'Anna',
        lastName: 'Smith',
        email: 'anna@example.com',
        roles: [],
        groupIds: ['g1'],
        active: true,
        createdAt: '2026-01-02T00:00:00.000Z',
      },
      {
        _id: 'u2',
        firstName: 'Bob',
        lastName: 'Annaker',
        email: 'bob@example.com',
        roles: ['FORMATEUR'],
        groupIds: [],
        active: true,
        createdAt: '2026-03-02T00:00:00.000Z',
      },
      {
        _id: 'u3',
        firstName: 'Carl',
        lastName: 'Marx',
        email: 'carl@example.com',
        roles: ['ADMIN'],
        groupIds: ['g2'],
        active: false,
        createdAt: '2026-05-02T00:00:00.000Z',
      },
    ];
    const search = {
      $and: [
        { $or: ['firstName', 'lastName', 'email'].map((field) => ({ [field]: { $regex: 'ANNA', $options: 'i' } })) },
        { $or: [{ roles: { $in: ['FORMATEUR'] } }, { roles: { $size: 0 } }] },
        { active: true },
      ],
    };
    expect(users.filter(compileFilter(search)!).map((u) => u._id)).toEqual(['u1', 'u2']);
    expect(users.filter(compileFilter({ createdAt: { $gte: '2026-03-01', $lt: '2026-06-01' } })!).map((u) => u._id)).toEqual(['u2', 'u3']);
    expect(users.filter(compileFilter({ groupIds: { $in: ['g2'] } })!).map((u) => u._id)).toEqual(['u3']);
  });

  it('leaves to mingo what it does not compile', () => {
    expect(compileFilter({ tags: ['a', 'b'] })).toBeNull();
    expect(compileFilter({ 'chapters.0.title': 'x' })).toBeNull();
    expect(compileFilter({ chapters: { $elemMatch: { minutes: 3 } } })).toBeNull();
    expect(compileFilter({ $expr: { $gt: ['$a', '$b'] } })).toBeNull();
    expect(compileFilter({ name: { $regex: 'a', $options: 'g' } })).toBeNull();
    expect(compileFilter({ profile: { city: 'Paris' } })).toBeNull();
  });
});
