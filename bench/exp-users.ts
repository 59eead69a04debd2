import { SqliteReadStore } from '../backend/infrastructure/read-store/sqlite-read-store';
import { adminUsersFilter, adminUsersSort } from '../backend/identity/admin/admin-users.filter';
async function main() {
  const rs = new SqliteReadStore('/work/exp/q2/read-models.sqlite');
  const c: any = rs.collection('users');
  const tables: any = c.tables; const seen: string[] = []; const orig = tables.statement.bind(tables);
  tables.statement = (sql: string) => { seen.push(sql); return orig(sql); };
  const q: any = { search: 'anna', roles: ['NONE', 'FORMATEUR'], onlyState: 'ACTIVE', size: 20 };
  const filter = adminUsersFilter(q); const sort = adminUsersSort(q);
  let r = await c.findPage(filter, { sort, skip: 0, limit: 20 });
  const t = performance.now();
  for (let i = 0; i < 30; i++) r = await c.findPage(filter, { sort, skip: 0, limit: 20 });
  console.log('ms/call', ((performance.now() - t) / 30).toFixed(2), 'total', r.total, 'docs', r.docs.length, 'count', await c.count({}));
  for (const sql of [...new Set(seen)]) { console.log(sql.slice(0, 500)); try { console.log(tables.db.prepare('EXPLAIN QUERY PLAN ' + sql).all(...new Array((sql.match(/\?/g) || []).length).fill('x')).map((x: any) => x.detail).join(' | ')); } catch (e) { console.log('explain failed', (e as Error).message); } }
}
main();
