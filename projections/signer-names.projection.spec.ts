import { MemoryEventStore } from '../backend/infrastructure/event-store/memory-event-store';
import { MemoryReadStore } from '../backend/infrastructure/read-store/memory-read-store';
import { newEvent } from '../test/support/events';
import { ProjectionRunner } from './projection-runner';
import { SIGNER_NAMES, type SignerNamesDocument, nameAt, signerNamesProjection } from './signer-names.projection';

const silent = { log: () => undefined, error: () => undefined };
const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

async function project(events: [string, Record<string, unknown>, string][]) {
  const store = new MemoryEventStore();
  const readStore = new MemoryReadStore({ freezeAdopted: true });
  for (const [type, data, time] of events)
    await store.appendToStream(`user-${String(data.userId)}`, [{ ...newEvent(type, data), time }], { expectedRevision: 'any' });
  const runner = new ProjectionRunner(store, readStore, [signerNamesProjection], silent);
  await runner.start();
  await runner.catchUp(5000);
  await runner.stop();
  return (id: string) => readStore.collection<SignerNamesDocument>(SIGNER_NAMES).findById(id);
}

describe('signer-names projection (issue 23: the name printed on a signature, as it was when signing)', () => {
  it('keeps each name a user had with the time it took effect, and answers the one in force at an instant', async () => {
    const doc = await project([
      ['UserRegistered', { userId: 'u1', email: 'chloe@example.com', firstName: 'Chloé', lastName: 'Schmidt', roles: [], source: 'admin' }, at(0)],
      ['UserProfileChanged', { userId: 'u1', lastName: 'Meyer' }, at(10)],
      // Not a change of name: no new entry.
      ['UserProfileChanged', { userId: 'u1', img: 'avatar.webp' }, at(20)],
      ['UserProfileChanged', { userId: 'u1', firstName: 'Chloé', lastName: 'Meyer' }, at(25)],
      ['UserProfileChanged', { userId: 'u1', firstName: 'Chloe' }, at(30)],
    ]);
    const names = await doc('u1');
    expect(names?.names).toEqual([
      { from: at(0), name: 'Chloé Schmidt' },
      { from: at(10), name: 'Chloé Meyer' },
      { from: at(30), name: 'Chloe Meyer' },
    ]);
    expect(nameAt(names, at(5))).toBe('Chloé Schmidt');
    expect(nameAt(names, at(10))).toBe('Chloé Meyer');
    expect(nameAt(names, at(29))).toBe('Chloé Meyer');
    expect(nameAt(names, at(45))).toBe('Chloe Meyer');
    // An instant before the account (a skewed clock) prints its first name rather than nothing.
    expect(nameAt(names, '2026-01-01T00:00:00.000Z')).toBe('Chloé Schmidt');
  });

  it('prints the e-mail of an account without a name, and nothing for an unknown signer', async () => {
    const doc = await project([
      ['UserRegistered', { userId: 'u2', email: 'qa@example.com', firstName: '', lastName: '', roles: [], source: 'import' }, at(0)],
      ['UserProfileChanged', { userId: 'u2', email: 'quality@example.com' }, at(5)],
      ['UserProfileChanged', { userId: 'ghost', firstName: 'Nobody' }, at(6)],
    ]);
    const names = await doc('u2');
    expect(nameAt(names, at(1))).toBe('qa@example.com');
    expect(nameAt(names, at(9))).toBe('quality@example.com');
    expect(await doc('ghost')).toBeNull();
    expect(nameAt(null, at(9))).toBeNull();
  });
});
