import { MemoryReadStore } from '../../infrastructure/read-store/memory-read-store';
import { compileOrderBy, compileWhere } from '../../infrastructure/read-store/sql-filter-compiler';
import { SqliteReadStore } from '../../infrastructure/read-store/sqlite-read-store';
import type { SqliteTables } from '../../infrastructure/read-store/sqlite-tables';
import { NOTIFICATIONS, type NotificationDocument, notificationsProjection } from '../../../projections/notifications.projection';
import { inPeriod, periodNotifications } from './digest-notifications';

const period = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-02T00:00:00Z') };

function notification(id: string, userId: string, position: number, date: string): NotificationDocument {
  return { _id: id, userId, position, date, type: 'SPEACH_SHARED', speachId: 's1', actorId: 'a1', data: {}, read: false } as unknown as NotificationDocument;
}

describe('a user’s notifications of a digest period, read a page at a time', () => {
  it('answers every notification of the user inside the period, newest first, across pages and shared positions', async () => {
    const store = new MemoryReadStore();
    const docs = [
      notification('n01', 'u1', 1, '2026-10-31T23:59:59.000Z'), // before the period
      notification('n02', 'u1', 2, '2026-11-01T00:00:00.000Z'),
      notification('n03', 'u1', 3, '2026-11-01T01:00:00.000Z'),
      notification('n04', 'u1', 4, '2026-11-01T02:00:00.000Z'),
      // One event told the user twice: the same position on both sides of a page boundary.
      notification('n05', 'u1', 5, '2026-11-01T03:00:00.000Z'),
      notification('n06', 'u1', 5, '2026-11-01T03:00:00.000Z'),
      notification('n07', 'u1', 6, '2026-11-01T04:00:00.000Z'),
      notification('n08', 'u2', 7, '2026-11-01T05:00:00.000Z'), // another user
      notification('n09', 'u1', 8, '2026-11-01T23:59:59.999Z'),
      notification('n10', 'u1', 9, '2026-11-02T00:00:00.000Z'), // after the period
    ];
    await store.collection<NotificationDocument>(NOTIFICATIONS).bulkWrite(docs.map((doc) => ({ kind: 'replace', doc })));

    for (const pageSize of [1, 2, 3, 100]) {
      const found = await periodNotifications(store.collection<NotificationDocument>(NOTIFICATIONS), 'u1', period, pageSize);
      expect(found.map((n) => n._id)).toEqual(['n09', 'n07', 'n05', 'n06', 'n04', 'n03', 'n02']);
    }
    expect(await periodNotifications(store.collection<NotificationDocument>(NOTIFICATIONS), 'u3', period, 2)).toEqual([]);
  });

  it("walks the user's index testing each entry's date from the index: a busy user's newer notifications cost no row read", async () => {
    const store = new SqliteReadStore(':memory:');
    try {
      const collection = store.collection<NotificationDocument>(NOTIFICATIONS);
      for (const index of notificationsProjection.collections.find((c) => c.name === NOTIFICATIONS)!.indexes ?? []) await collection.createIndex(index);
      await collection.bulkWrite(
        Array.from({ length: 50 }, (_, i) => ({
          kind: 'replace' as const,
          doc: notification(`n${i}`, i % 2 ? 'u1' : 'u2', i, i < 10 ? '2026-11-01T12:00:00.000Z' : '2026-11-03T12:00:00.000Z'),
        })),
      );
      expect((await periodNotifications(collection, 'u1', period, 2)).map((n) => n._id)).toEqual(['n9', 'n7', 'n5', 'n3', 'n1']);
      const tables = (collection as unknown as { tables: SqliteTables }).tables;
      const table = tables.tableOf(NOTIFICATIONS);
      const shape = tables.shape(table);
      const where = compileWhere({ userId: 'u1', ...inPeriod(period), position: { $lt: Number.MAX_SAFE_INTEGER } }, shape);
      const plan = tables.db
        .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM "${table}" WHERE ${where.sql} ORDER BY ${compileOrderBy({ position: -1 }, shape)} LIMIT 2`)
        .all(...where.params) as { detail: string }[];
      expect(plan.map((row) => row.detail).join('\n')).toContain(`USING INDEX ${table}:userId,position-,date (`);
    } finally {
      await store.close();
    }
  });
});
