import { upcast } from '../../../events';
import { forwarding } from '../forwarding-proxy';
import type { EventStore } from './event-store.port';

/**
 * Every event read from the store in the current schema of its type (events/schema-registry.ts):
 * the store keeps what was written, and no reader (a decider's fold, a policy, a projection, a
 * mail) can forget to lift an old one. The tamper-evidence chain (`readChain`) still reads the
 * stored bytes.
 */
export function upcastingEventStore(store: EventStore): EventStore {
  return forwarding(store, {
    readStream: async (...args: Parameters<EventStore['readStream']>) => (await store.readStream(...args)).map((e) => upcast(e)),
    readAll: async (...args: Parameters<EventStore['readAll']>) => (await store.readAll(...args)).map((e) => upcast(e)),
    subscribeToAll: (options: Parameters<EventStore['subscribeToAll']>[0]) =>
      store.subscribeToAll({ ...options, onEvents: (events) => options.onEvents(events.map((e) => upcast(e))) }),
  });
}
