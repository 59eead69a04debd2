import { MemoryCheckpointStore } from '../../backend/infrastructure/checkpoints/memory-checkpoint-store';
import { MemoryEventStore } from '../../backend/infrastructure/event-store/memory-event-store';
import { StoredPositions } from '../../backend/infrastructure/roles/stored-positions';
import { stoppedMarker } from '../../projections/projection-runner';
import { newEvent } from '../support/events';

/** An API process's read-your-writes: what the projector stored decides when a request answers. */
describe('StoredPositions', () => {
  async function setup() {
    const events = new MemoryEventStore();
    const projections = new MemoryCheckpointStore();
    const policies = new MemoryCheckpointStore();
    const positions = new StoredPositions(
      events,
      { store: projections, names: () => ['users', 'speaches'], stopped: true },
      { store: policies, names: () => ['policy:mails'] },
    );
    return { events, projections, policies, positions };
  }

  it('waits for the policies to handle the position, then for the projections to reach the head as it stood then (the reactions)', async () => {
    const { events, projections, policies, positions } = await setup();
    await events.appendToStream('user-1', [newEvent('UserRegistered', { userId: '1' })], { expectedRevision: 'any' });
    const waiting = positions.settle(1, 10_000);
    await policies.save({ name: 'policy:mails', position: 1, version: 1 });
    // The policy's reaction, appended before its checkpoint moved: the projections must apply it too.
    await events.appendToStream('mail-1', [newEvent('MailSent', { userId: '1' })], { expectedRevision: 'any' });
    await projections.save({ name: 'users', position: 1, version: 1 });
    await projections.save({ name: 'speaches', position: 2, version: 1 });
    // Not there yet: `users` has not applied the reaction.
    expect(await positions.reach({ store: projections, names: () => ['users', 'speaches'] }, 2, Date.now())).toBe(false);
    await projections.save({ name: 'users', position: 2, version: 1 });
    expect(await waiting).toBe(2);
  });

  it("skips the policies for a policy's own command, and gives up at its bound", async () => {
    const { events, projections, positions } = await setup();
    await events.appendToStream('user-1', [newEvent('UserRegistered', { userId: '1' })], { expectedRevision: 'any' });
    await projections.save({ name: 'users', position: 1, version: 1 });
    await projections.save({ name: 'speaches', position: 1, version: 1 });
    expect(await positions.settle(1, 10_000, false)).toBe(1);
    expect(await positions.reach({ store: projections, names: () => ['users'] }, 5, Date.now() + 30)).toBe(false);
  });

  it('does not wait for a projection the projector marked stopped on an error past its checkpoint', async () => {
    const { events, projections, positions } = await setup();
    await events.appendToStream('user-1', [newEvent('UserRegistered', { userId: '1' })], { expectedRevision: 'any' });
    await events.appendToStream('user-2', [newEvent('UserRegistered', { userId: '2' })], { expectedRevision: 'any' });
    await projections.save({ name: 'users', position: 2, version: 1 });
    await projections.save({ name: 'speaches', position: 1, version: 1 });
    await projections.save({ name: stoppedMarker('speaches'), position: 2, version: 1 });
    // The deadline is already past: only a wait that needs no more look at the checkpoints answers true.
    expect(await positions.reach({ store: projections, names: () => ['users', 'speaches'], stopped: true }, 2, Date.now())).toBe(true);
    // A request's wait (bounded at 10 minutes here) answers at once.
    expect(await positions.settle(2, 600_000, false)).toBe(2);
    // Once cleared (the projector started it again), it is waited for like any other.
    await projections.save({ name: stoppedMarker('speaches'), position: 0, version: 1 });
    expect(await positions.reach({ store: projections, names: () => ['users', 'speaches'], stopped: true }, 2, Date.now())).toBe(false);
  });
});
