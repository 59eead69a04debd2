/**
 * `node -r ./test/support/swc-register.js bench/compare-read-models.ts <a.sqlite> <b.sqlite>`: whether two read-model
 * files hold the same documents, collection by collection and document by document (by `_id`, as JSON values), and
 * the same checkpoints. A change to the rebuild path must give identical read models; exits 1 on any difference.
 */
import Database from 'better-sqlite3';
import { isDeepStrictEqual } from 'node:util';

function serving(db: Database.Database): Map<string, string> {
  const rows = db.prepare('SELECT collection, physical FROM __tables WHERE serving = 1').all() as { collection: string; physical: string }[];
  return new Map(rows.map((r) => [r.collection, r.physical]));
}

function main(): void {
  const [fileA, fileB] = process.argv.slice(2);
  if (!fileA || !fileB) throw new Error('usage: compare-read-models.ts <a.sqlite> <b.sqlite>');
  const a = new Database(fileA, { readonly: true });
  const b = new Database(fileB, { readonly: true });
  const differences: string[] = [];
  const tablesA = serving(a);
  const tablesB = serving(b);
  for (const name of new Set([...tablesA.keys(), ...tablesB.keys()])) {
    if (!tablesA.has(name) || !tablesB.has(name)) differences.push(`collection ${name}: only in ${tablesA.has(name) ? 'a' : 'b'}`);
  }
  let compared = 0;
  let unlisted = 0;
  for (const [collection, physicalA] of [...tablesA].sort()) {
    const physicalB = tablesB.get(collection);
    if (!physicalB) continue;
    // Both sides in _id order: one merge pass, no collection held in memory.
    const rowsA = a.prepare(`SELECT _id, doc FROM "${physicalA}" ORDER BY _id`).iterate() as IterableIterator<{ _id: string; doc: string }>;
    const rowsB = b.prepare(`SELECT _id, doc FROM "${physicalB}" ORDER BY _id`).iterate() as IterableIterator<{ _id: string; doc: string }>;
    let left = rowsA.next();
    let right = rowsB.next();
    let count = 0;
    const report = (message: string) => {
      if (differences.length < 50) differences.push(`${collection}: ${message}`);
      else unlisted++;
    };
    while (!left.done || !right.done) {
      if (right.done || (!left.done && left.value._id < right.value._id)) {
        report(`${left.value._id} only in a`);
        left = rowsA.next();
      } else if (left.done || right.value._id < left.value._id) {
        report(`${right.value._id} only in b`);
        right = rowsB.next();
      } else {
        if (left.value.doc !== right.value.doc && !isDeepStrictEqual(JSON.parse(left.value.doc), JSON.parse(right.value.doc)))
          report(`${left.value._id} differs`);
        count++;
        left = rowsA.next();
        right = rowsB.next();
      }
    }
    compared += count;
  }
  const checkpoints = (db: Database.Database) => db.prepare('SELECT name, position, version FROM __checkpoints ORDER BY name').all();
  const checkpointsA = checkpoints(a);
  if (!isDeepStrictEqual(checkpointsA, checkpoints(b))) differences.push('checkpoints differ');
  console.log(JSON.stringify({ collections: tablesA.size, documentsCompared: compared, checkpoints: checkpointsA.length, differences, unlisted }, null, 2));
  process.exit(differences.length ? 1 : 0);
}

main();
