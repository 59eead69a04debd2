import { join } from 'node:path';
import { resolveAuditKey } from '../../backend/config/audit-key';
import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
import { generateActivity } from './activity';
import { generateIdentity } from './identity';
import { generateNotifications } from './notifications';
import { generatePaths } from './paths';
import { generateSpeaches } from './speaches';
import { generateWorkflows } from './workflows';

export const QUICK_SIZE = { users: 2000, groups: 50, speaches: 5000, reads: 50_000, seconds: 3, appends: 5000, paths: 1000, busyNotifications: 20_000, digestUsers: 2000 };
export const FULL_SIZE = {
  users: 10_000,
  groups: 50,
  speaches: 100_000,
  reads: 1_000_000,
  seconds: 10,
  appends: 30_000,
  paths: 5000,
  busyNotifications: 100_000,
  digestUsers: 10_000,
};
export type DataSetSize = typeof FULL_SIZE;

/**
 * The bench's data set, written into `dataDir/events.sqlite` the way the product would have: the bench uses it,
 * and `bench/make-data.ts` writes it alone, to profile one line without running the whole bench.
 */
export async function generateDataSet(dataDir: string, size: DataSetSize, step: (name: string) => void) {
  // Signed like a data directory the product created: the server's audit check finds the log's head signed.
  const store = new SqliteEventStore(join(dataDir, 'events.sqlite'), { headKey: resolveAuditKey({ auditKey: null, dataDir }, () => undefined) });
  const now = Date.now();
  step(`generating ${size.users} users in ${size.groups} groups`);
  const identity = await generateIdentity(store, size.users, size.groups);
  step(`generating ${size.speaches} speaches over three years`);
  const speaches = await generateSpeaches(
    store,
    size.speaches,
    identity.userIds.filter((_, i) => i % 10 === 0),
    now,
  );
  step('generating validation workflows and periodic reviews (one speach in ten)');
  const workflows = await generateWorkflows(store, identity, speaches, now);
  console.error(`[bench]   ${JSON.stringify(workflows)}`);
  step(`generating ${size.reads} chapter reads over two years, with bookmarks, ratings, follows and comments`);
  // The learners the command scenario logs in as keep a clean history: their ratings are all new.
  const learners = new Set(identity.learnerIds);
  const activity = await generateActivity(
    store,
    size.reads,
    identity.userIds.filter((id) => !learners.has(id)),
    speaches,
    now,
  );
  step(`generating ${size.paths} learning paths over the published speaches`);
  const paths = await generatePaths(store, size.paths, identity, speaches, now);
  step(`generating ${size.busyNotifications} notifications of one user and ${size.digestUsers} daily digest readers`);
  const notifications = await generateNotifications(store, identity, speaches, { busy: size.busyNotifications, digestUsers: size.digestUsers }, now);
  const events = await store.headPosition();
  console.error(`[bench]   ${JSON.stringify(activity)}; ${paths.published} of ${paths.count} paths published; ${events} events in the store`);
  await store.close();
  return { identity, speaches, paths, notifications, events };
}
