import { SqliteReadStore } from '../backend/infrastructure/read-store/sqlite-read-store';
async function main() {
  const rs = new SqliteReadStore(process.argv[2] ?? '/work/exp/q2/read-models.sqlite');
  const c: any = rs.collection('speaches');
  await c.count({});
  const db = c.tables.db;
  if (process.argv[3] === 'analyze') { const t = performance.now(); db.exec('PRAGMA analysis_limit=1000; ANALYZE;'); console.log('analyze ms', (performance.now() - t).toFixed(0)); }
  const now = new Date().toISOString();
  const where = `WHERE (likelihood("k:archived" = X'00', 0.5) AND likelihood("k:published" = X'01', 0.5) AND ("k:liveFrom" <= ? AND "k:liveFrom" >= '') AND js_regexp("k:titleKey", ?, ?) AND ("k:visibility" IN (?)))`;
  const params = [now, 'safety', '', 'PUBLIC'];
  const variants: Record<string, string> = {
    page: `SELECT doc FROM "speaches" ${where} ORDER BY "k:titleKey", _id LIMIT 20 OFFSET 0`,
    count: `SELECT count(*) FROM "speaches" ${where}`,
    countIndexed: `SELECT count(*) FROM "speaches" INDEXED BY "speaches:archived,published,titleKey,liveFrom,visibility" ${where}`,
    countSub: `SELECT count(*) FROM (SELECT 1 FROM "speaches" ${where} ORDER BY "k:titleKey", _id LIMIT -1)`,
    countSubUpd: `SELECT count(*) FROM (SELECT 1 FROM "speaches" ${where} ORDER BY "k:updatedAt" DESC, _id LIMIT -1)`,
    pageUpdated: `SELECT doc FROM "speaches" ${where} ORDER BY "k:updatedAt" DESC, _id LIMIT 20 OFFSET 0`,
  };
  for (const [name, sql] of Object.entries(variants)) {
    const st = db.prepare(sql);
    const plan = db.prepare('EXPLAIN QUERY PLAN ' + sql).all(...params).map((x: any) => x.detail).join(' | ');
    const t = performance.now();
    let r; for (let i = 0; i < 30; i++) r = st.all(...params);
    console.log(name, ((performance.now() - t) / 30).toFixed(2), 'ms', plan);
  }
}
main();
