import { MemoryEventStore } from '../backend/infrastructure/event-store/memory-event-store';
import { SqliteReadStore } from '../backend/infrastructure/read-store/sqlite-read-store';
import { liveCatalogueCount } from '../backend/speach/catalogue-count';
import { newEvent } from '../test/support/events';
import { ProjectionRunner } from './projection-runner';
import { SPEACHES, type SpeachDocument, speachesProjection } from './speaches.projection';
import { CATALOGUE_TALLY_ID, SPEACH_TALLIES, type SpeachTallyDocument } from './speach-catalogue-tally';

const silent = { log: () => undefined, error: () => undefined };
const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;

function created(isTemplate = false) {
  return {
    authorId: 'author',
    title: 'A speach',
    description: '',
    language: 'en-US',
    categoryId: null,
    isTemplate,
    templateId: null,
    duplicatedFrom: null,
    chapters: [],
  };
}

/** What the lists count without the tally: the catalogue's live speaches at `now`, less the excluded ones. */
async function counted(store: SqliteReadStore, now: string, excluded: string[] = []) {
  return store
    .collection<SpeachDocument>(SPEACHES)
    .count({ archived: false, isTemplate: false, published: true, liveFrom: { $lte: now }, _id: { $nin: excluded } });
}

describe('the catalogue tally of the speaches projection (issue 18: the path editor counts the catalogue without walking it)', () => {
  let events: MemoryEventStore;
  let store: SqliteReadStore;
  let runner: ProjectionRunner;

  beforeEach(async () => {
    events = new MemoryEventStore();
    store = new SqliteReadStore(':memory:');
    runner = new ProjectionRunner(events, store, [speachesProjection], silent);
    await runner.start();
  });
  afterEach(async () => {
    await runner.stop();
    store.close();
  });

  async function append(speachId: string, type: string, data: Record<string, unknown>, time: string) {
    await events.appendToStream(`speach-${speachId}`, [{ ...newEvent(type, { speachId, ...data }), time }], { expectedRevision: 'any' });
  }

  it('follows publications, scheduled ones, withdrawals, archives and templates, and agrees with a count at any time', async () => {
    for (const id of ['s1', 's2', 's3', 's4', 's5']) await append(id, 'SpeachCreated', created(), at(1));
    await append('t1', 'SpeachCreated', created(true), at(1));
    await append('s1', 'SpeachPublished', { version: 1, scheduledFor: null }, at(2));
    await append('s2', 'SpeachPublished', { version: 1, scheduledFor: null }, at(2));
    // Scheduled: listed, live from the 20th.
    await append('s3', 'SpeachPublished', { version: 1, scheduledFor: at(20) }, at(2));
    await append('s4', 'SpeachPublished', { version: 1, scheduledFor: null }, at(3));
    await append('s4', 'SpeachArchived', {}, at(4));
    await append('s5', 'SpeachPublished', { version: 1, scheduledFor: null }, at(3));
    await append('s5', 'SpeachUnpublished', {}, at(5));
    await append('t1', 'SpeachPublished', { version: 1, scheduledFor: null }, at(3));
    // A second version of a live speach: still one listed speach.
    await append('s1', 'SpeachPublished', { version: 2, scheduledFor: null }, at(6));
    await runner.catchUp(5000);
    expect(runner.status()).toEqual([expect.objectContaining({ state: 'live' })]);

    const tally = await store.collection<SpeachTallyDocument>(SPEACH_TALLIES).findById(CATALOGUE_TALLY_ID);
    expect(tally?.listed).toBe(3);
    for (const [now, excluded, live] of [
      [at(10), [], 2],
      [at(10), ['s1', 's3', 'unknown'], 1],
      [at(20), [], 3],
      [at(25), ['s2', 's2'], 2],
      [at(1), [], 0],
    ] as [string, string[], number][]) {
      expect([now, excluded, await liveCatalogueCount(store, now, excluded)]).toEqual([now, excluded, live]);
      expect(await counted(store, now, excluded)).toBe(live);
    }

    // Back in the catalogue: restored, published again.
    await append('s4', 'SpeachRestored', {}, at(7));
    await append('s5', 'SpeachPublished', { version: 2, scheduledFor: null }, at(8));
    await runner.catchUp(5000);
    expect(await liveCatalogueCount(store, at(10), [])).toBe(4);
    expect(await counted(store, at(10))).toBe(4);

    // A rebuild from the log counts the same.
    await runner.rebuild('speaches');
    expect(await runner.rebuilt(5000)).toBe(true);
    expect((await store.collection<SpeachTallyDocument>(SPEACH_TALLIES).findById(CATALOGUE_TALLY_ID))?.listed).toBe(5);
    expect(await liveCatalogueCount(store, at(10), [])).toBe(4);
    expect(await liveCatalogueCount(store, at(21), ['s3'])).toBe(4);
    expect(await counted(store, at(21), ['s3'])).toBe(4);
  });
});
