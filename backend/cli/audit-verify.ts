import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';
import { existingAuditKey } from '../config/audit-key';
import type { EventStore } from '../infrastructure/event-store/event-store.port';
import { verifyChain } from '../infrastructure/event-store/hash-chain';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite-event-store';

/**
 * `npm run audit:verify`: walks the whole event log and recomputes the hash chain, then checks the
 * signed chain head (AUDIT_KEY, or the key file of DATA_DIR) so a truncated log fails too. Prints
 * `OK <count> events` (exit 0), or the first broken link (exit 1). It never writes: the log is
 * opened read-only, and an unhashed row is a break, never something to chain.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  let store: EventStore;
  if (config.eventStoreUrl) {
    const { EsdbEventStore } = await import('../infrastructure/event-store/esdb-event-store');
    store = new EsdbEventStore(config.eventStoreUrl);
  } else {
    const file = join(config.dataDir, 'events.sqlite');
    if (!existsSync(file)) {
      console.error(`No event store at ${file} (set DATA_DIR)`);
      return 2;
    }
    store = new SqliteEventStore(file, { readonly: true });
  }
  const key = existingAuditKey(config);
  if (!key && store.readSignedHead) {
    console.error('No audit key: set AUDIT_KEY (or keep DATA_DIR/audit.key) to check the signed chain head');
    await store.close();
    return 2;
  }
  try {
    const status = await verifyChain(store, undefined, undefined, key ?? undefined);
    if (status.ok) {
      console.log(`OK ${status.verified} events, chain head ${status.lastHash}`);
      return 0;
    }
    const broken = status.firstBroken!;
    console.log(
      `BROKEN at position ${broken.position} after ${status.verified} good events: expected ${broken.expected}, found ${broken.found ?? 'no hash'} (${status.error})`,
    );
    return 1;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
