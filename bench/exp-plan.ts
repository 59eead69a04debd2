import { SqliteReadStore } from '../backend/infrastructure/read-store/sqlite-read-store';
async function main() {
  const rs = new SqliteReadStore(process.env.RM ?? '/work/exp/q2/read-models.sqlite');
  const c: any = rs.collection('speaches');
  const tables: any = (c as any).tables;
  const seen: string[] = [];
  const orig = tables.statement.bind(tables);
  tables.statement = (sql: string) => { seen.push(sql); return orig(sql); };
  const now = new Date().toISOString();
  const filter: any = process.env.PATHS ? { $and: [{ archived: false, isTemplate: false, _id: { $nin: ['a', 'b', 'c'] } }, { published: true, liveFrom: { $lte: now } }] } : { $and: [{ archived: false }, { published: true, liveFrom: { $lte: now } }, { titleKey: { $regex: 'safety' } }, { visibility: { $in: ['PUBLIC'] } }] };
  const sort: any = { [process.argv[2] ?? 'titleKey']: 1, _id: 1 };
  let r: any = await c.findPage(filter, { sort, skip: 0, limit: 20 });
  const t = performance.now();
  for (let i = 0; i < 30; i++) r = await c.findPage(filter, { sort, skip: 0, limit: 20 });
  console.log('ms/call', ((performance.now() - t) / 30).toFixed(2), 'total', r.total, 'docs', r.docs.length);
  const db = tables.db;
  for (const sql of [...new Set(seen)]) { console.log(sql.slice(0, 600)); try { console.log(db.prepare('EXPLAIN QUERY PLAN ' + sql).all(...(new Array((sql.match(/\?/g)||[]).length).fill(null))).map((x: any) => x.detail).join('\n')); } catch (e) { console.log('explain failed', (e as Error).message); } }
}
main();
