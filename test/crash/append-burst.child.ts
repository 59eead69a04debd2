/**
 * Child process of the crash test: appends user registrations from 64 concurrent writers to the
 * SQLite store, forever, and prints the id of every event whose append was acknowledged. The
 * parent kills it with SIGKILL in the middle of the burst.
 */
import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
import { newEvent } from '../support/events';

const store = new SqliteEventStore(process.argv[2]);
let n = 0;

async function writer(w: number): Promise<void> {
  for (;;) {
    const i = n++;
    const userId = `${w}-${i}`;
    const event = newEvent('UserRegistered', {
      userId,
      email: `user${i}@example.com`,
      firstName: `First${i}`,
      lastName: `Last${w}`,
      roles: i % 3 === 0 ? ['FORMATEUR'] : [],
      source: 'import',
    });
    await store.appendToStream(`user-${userId}`, [event], { expectedRevision: 'no_stream' });
    process.stdout.write(`${event.id}\n`);
  }
}

for (let w = 0; w < 64; w++) void writer(w);
