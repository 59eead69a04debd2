// Temporary experiment (not committed): generate the quick data set into a fixed directory.
import { resolveAuditKey } from '../backend/config/audit-key';
import { SqliteEventStore } from '../backend/infrastructure/event-store/sqlite-event-store';
import { generateActivity } from './data/activity';
import { generateIdentity } from './data/identity';
import { generateSpeaches } from './data/speaches';
import { generateWorkflows } from './data/workflows';
async function main() {
  const dataDir = process.argv[2];
  const store = new SqliteEventStore(`${dataDir}/events.sqlite`, { headKey: resolveAuditKey({ auditKey: null, dataDir }, () => undefined) });
  const now = Date.now();
  const identity = await generateIdentity(store, 2000, 50);
  const speaches = await generateSpeaches(store, 5000, identity.userIds.filter((_, i) => i % 10 === 0), now);
  await generateWorkflows(store, identity, speaches, now);
  const learners = new Set(identity.learnerIds);
  await generateActivity(store, 50_000, identity.userIds.filter((id) => !learners.has(id)), speaches, now);
  console.log(await store.headPosition());
  await store.close();
}
main();
