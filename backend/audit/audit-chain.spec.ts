import type { AppConfig } from '../config/app-config';
import type { EventStore, ReadAllOptions } from '../infrastructure/event-store/event-store.port';
import type { ChainLink } from '../infrastructure/event-store/hash-chain';
import { MemoryEventStore } from '../infrastructure/event-store/memory-event-store';
import { newEvent } from '../../test/support/events';
import { AuditChain } from './audit-chain';

/** The log's chain as the store reads it, with each page held back until `open()` and pages changed by `edit`. */
function heldLog(store: EventStore, edit: (link: ChainLink) => ChainLink = (link) => link) {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let pagesRead = 0;
  const held = new Proxy(store, {
    get(target, property) {
      if (property === 'readChain')
        return async (options: ReadAllOptions) => {
          await gate;
          pagesRead++;
          return (await target.readChain(options)).map(edit);
        };
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { held, open: () => open(), pagesRead: () => pagesRead };
}

async function logOf(events: number): Promise<MemoryEventStore> {
  const store = new MemoryEventStore();
  for (let i = 0; i < events; i++)
    await store.appendToStream('probe-1', [newEvent('ProbeRecorded', { n: i })], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
  return store;
}

const config = { dataDir: '/nonexistent', auditKey: null } as unknown as AppConfig;

describe('AuditChain: the walk of the whole log at start', () => {
  it('does not hold /api/health: until the walk ends it reports how far it got, marked verifying', async () => {
    const { held, open } = heldLog(await logOf(3));
    const chain = new AuditChain(held, config);
    chain.onApplicationBootstrap();

    const during = await chain.current();
    expect(during).toMatchObject({ ok: true, verifying: true, verified: 0, head: 3, lastVerifiedPosition: 0 });

    open();
    // The audit screen's question waits for the walk, as before.
    expect(await chain.status()).toMatchObject({ ok: true, verified: 3, head: 3, lastVerifiedPosition: 3 });
    const after = await chain.current();
    expect(after).toMatchObject({ ok: true, verified: 3, lastVerifiedPosition: 3 });
    expect(after).not.toHaveProperty('verifying');
  });

  it('walks page after page with turns of the event loop between them, reporting each page', async () => {
    const { held, open, pagesRead } = heldLog(await logOf(2500));
    const chain = new AuditChain(held, config);
    chain.onApplicationBootstrap();
    open();
    // The walk reads 1,000 links per page; another task runs between two pages.
    await new Promise((resolve) => setImmediate(resolve));
    const partway = await chain.current();
    expect(pagesRead()).toBeLessThan(3);
    expect(partway).toMatchObject({ ok: true, verifying: true });
    expect(partway.lastVerifiedPosition % 1000).toBe(0);
    expect(await chain.status()).toMatchObject({ ok: true, verified: 2500 });
  });

  it('reports a break the walk at start finds once it reaches it, and keeps reporting it', async () => {
    const { held, open } = heldLog(await logOf(4), (link) => (link.position === 3 ? { ...link, data: '{"n":99}' } : link));
    const chain = new AuditChain(held, config);
    chain.onApplicationBootstrap();
    expect(await chain.current()).toMatchObject({ ok: true, verifying: true });
    open();
    expect(await chain.status()).toMatchObject({ ok: false, verified: 2, firstBroken: { position: 3 } });
    const after = await chain.current();
    expect(after).toMatchObject({ ok: false, lastVerifiedPosition: 2, error: 'event 3 does not match its hash' });
    expect(after).not.toHaveProperty('verifying');
  });
});
