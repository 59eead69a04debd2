import { SqliteEventStore } from '../backend/infrastructure/event-store/sqlite-event-store';
import { SqliteReadStore } from '../backend/infrastructure/read-store/sqlite-read-store';
import { SqliteCollection } from '../backend/infrastructure/read-store/sqlite-collection';
import { allProjections } from '../projections';
import { ProjectionRunner } from '../projections/projection-runner';
async function main() {
  const stats = new Map<string, { n: number; hit: number; ms: number; bytes: number }>();
  const proto: any = SqliteCollection.prototype;
  const orig = proto.findById;
  proto.findById = async function (this: any, id: string) {
    const t = performance.now();
    const r = await orig.call(this, id);
    const s = stats.get(this.name) ?? { n: 0, hit: 0, ms: 0, bytes: 0 };
    s.n++; if (r) { s.hit++; s.bytes += JSON.stringify(r).length; } s.ms += performance.now() - t; stats.set(this.name, s);
    return r;
  };
  const put = proto.put; const pstats = new Map<string, { n: number; ms: number; bytes: number }>();
  proto.put = function (this: any, doc: any) { const t = performance.now(); put.call(this, doc); const s = pstats.get(this.name) ?? { n: 0, ms: 0, bytes: 0 }; s.n++; s.ms += performance.now() - t; s.bytes += JSON.stringify(doc).length; pstats.set(this.name, s); };
  const file = `/tmp/rm-${process.pid}.sqlite`;
  const store = new SqliteEventStore('/work/exp/q2/events.sqlite');
  const readStore = new SqliteReadStore(file);
  const runner = new ProjectionRunner(store, readStore, allProjections, { log: () => undefined, error: (m) => console.error(m) });
  const t = performance.now();
  await runner.start();
  await runner.catchUp(1_800_000);
  console.log('s', ((performance.now() - t) / 1000).toFixed(1));
  console.log('findById'); [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12).forEach(([k, v]) => console.log(k.padEnd(34), v.n, 'found', v.hit, Math.round(v.ms), 'ms', 'avgKB', (v.bytes / Math.max(1, v.hit) / 1024).toFixed(1)));
  console.log('put'); [...pstats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12).forEach(([k, v]) => console.log(k.padEnd(34), v.n, Math.round(v.ms), 'ms', 'avgKB', (v.bytes / v.n / 1024).toFixed(1)));
}
main();
