import { MemoryReadStore } from '../backend/infrastructure/read-store/memory-read-store';
import type { ReadStore } from '../backend/infrastructure/read-store/read-store.port';
import { SqliteReadStore } from '../backend/infrastructure/read-store/sqlite-read-store';
import { seededRandom } from '../backend/infrastructure/seeded-random';
import { type AnalyticsEvent, AnalyticsHarness } from '../test/support/analytics-harness';
import { PERIODS, type Period, addDays, daysBetween, periodRange } from './analytics-buckets';
import {
  ANALYTICS_AUTHOR_BUCKETS,
  ANALYTICS_AUTHOR_TALLIES,
  ANALYTICS_CATEGORY_BUCKETS,
  ANALYTICS_CATEGORY_TALLIES,
  ANALYTICS_SPEACH_BUCKETS,
  ANALYTICS_SPEACH_TALLIES,
  ANALYTICS_TALLY_CLOCK,
  COUNT_FIELDS,
  type Counts,
  type OwnerBucket,
  type OwnerTally,
  type PeriodTally,
  type Ranking,
  correctionDays,
  leavingDays,
  noCounts,
  rankKey,
} from './analytics.projection';

const created = (speachId: string, day: string, authorId = 'a1', categoryId: string | null = 'c1'): AnalyticsEvent => [
  'SpeachCreated',
  `${day}T08:00:00Z`,
  { speachId, authorId, title: speachId, categoryId, isTemplate: false },
];
const read = (userId: string, speachId: string, day: string, hour = 10): AnalyticsEvent => [
  'ChapterRead',
  `${day}T${String(hour).padStart(2, '0')}:00:00Z`,
  { userId, speachId, chapterId: 'c', version: 1 },
];
const rated = (userId: string, speachId: string, day: string, rating: number): AnalyticsEvent => [
  'SpeachRated',
  `${day}T12:00:00Z`,
  { userId, speachId, rating },
];

/** An owner's counts in a period (`{period}|{ownerId}`), null when the period has none. */
const tally = async (h: AnalyticsHarness, collection: string, id: string) => {
  const [period, ownerId] = id.split('|') as [Period, string];
  return (await h.store.collection<OwnerTally>(collection).findById(ownerId))?.periods[period] ?? null;
};
const counts = (c: Counts | null) => c && { ...c, note: c.ratingCount ? Math.round((c.ratingSum / c.ratingCount) * 10) / 10 : 0 };

/** What a ranking means: the owners' day buckets summed over the period's days, ordered by the ranking's key. */
async function reference(
  h: AnalyticsHarness,
  buckets: string,
  period: Period,
  now: string,
  ranking: Ranking | null,
): Promise<({ ownerId: string } & Counts)[]> {
  const range = periodRange(period, new Date(now));
  const days = new Set(daysBetween(range.from, range.to).map((d) => `d|${d}`));
  const sums = new Map<string, Counts>();
  for (const bucket of await h.store.collection<OwnerBucket>(buckets).find({})) {
    if (!days.has(bucket.slot)) continue;
    const sum = sums.get(bucket.ownerId) ?? noCounts();
    for (const field of COUNT_FIELDS) sum[field] += bucket[field];
    sums.set(bucket.ownerId, sum);
  }
  const rows = [...sums].filter(([owner, c]) => (ranking ? rankKey(ranking, owner, c) : c.created > 0));
  if (ranking) rows.sort(([a, x], [b, y]) => (rankKey(ranking, a, x)! < rankKey(ranking, b, y)! ? -1 : 1));
  else rows.sort(([a], [b]) => (a < b ? -1 : 1));
  return rows.map(([ownerId, c]) => ({ ownerId, ...c }));
}
const plain = (t: PeriodTally) => ({ ownerId: t.ownerId, reads: t.reads, ratingCount: t.ratingCount, ratingSum: t.ratingSum, created: t.created });

describe('analytics tallies (the rankings)', () => {
  it("given reads and ratings, keeps per speach, author and category the sums of each period's window", async () => {
    const h = new AnalyticsHarness();
    await h.apply([
      created('s1', '2026-09-01'),
      created('s2', '2026-11-02', 'a2', null),
      read('u1', 's1', '2026-10-01'),
      read('u1', 's1', '2026-11-02'),
      read('u2', 's1', '2026-11-02'),
      read('u2', 's1', '2026-11-02', 11), // the same learner, speach and day: one read
      read('u1', 's2', '2026-11-03'),
      rated('u1', 's1', '2026-11-03', 4),
      rated('u2', 's1', '2026-11-03', 5),
    ]);
    // Windows end on the day of the last counted event: ONE_MONTH is 2026-10-04 … 2026-11-03.
    expect(await h.store.collection(ANALYTICS_TALLY_CLOCK).findById('asOf')).toEqual(expect.objectContaining({ day: '2026-11-03' }));
    expect(counts(await tally(h, ANALYTICS_SPEACH_TALLIES, 'ONE_MONTH|s1'))).toEqual({ reads: 2, ratingCount: 2, ratingSum: 9, created: 0, note: 4.5 });
    expect(counts(await tally(h, ANALYTICS_SPEACH_TALLIES, 'THREE_MONTHS|s1'))).toEqual({ reads: 3, ratingCount: 2, ratingSum: 9, created: 0, note: 4.5 });
    expect(counts(await tally(h, ANALYTICS_AUTHOR_TALLIES, 'ONE_MONTH|a1'))).toEqual({ reads: 2, ratingCount: 2, ratingSum: 9, created: 0, note: 4.5 });
    expect(counts(await tally(h, ANALYTICS_AUTHOR_TALLIES, 'ONE_MONTH|a2'))).toEqual({ reads: 1, ratingCount: 0, ratingSum: 0, created: 0, note: 0 });
    expect(counts(await tally(h, ANALYTICS_CATEGORY_TALLIES, 'ONE_MONTH|none'))).toEqual({ reads: 0, ratingCount: 0, ratingSum: 0, created: 1, note: 0 });
    expect(await tally(h, ANALYTICS_CATEGORY_TALLIES, 'ONE_MONTH|c1')).toBeNull(); // created before the window
    expect(counts(await tally(h, ANALYTICS_CATEGORY_TALLIES, 'THREE_MONTHS|c1'))).toEqual(expect.objectContaining({ created: 1 }));
    expect((await h.store.collection<OwnerTally>(ANALYTICS_SPEACH_TALLIES).findById('s1'))?.byWatch).toEqual(
      expect.objectContaining({ ONE_MONTH: `${'9'.repeat(11)}7|954|s1` }),
    );
  });

  it('when a later day is counted, slides the windows: what left a window is taken off, an emptied tally is removed', async () => {
    const h = new AnalyticsHarness();
    await h.apply([
      created('s1', '2026-09-01'),
      created('s2', '2026-09-01'),
      read('u1', 's1', '2026-10-01'),
      rated('u1', 's1', '2026-10-01', 3),
      read('u1', 's1', '2026-10-20'),
    ]);
    expect(counts(await tally(h, ANALYTICS_SPEACH_TALLIES, 'ONE_MONTH|s1'))).toEqual(expect.objectContaining({ reads: 2, ratingCount: 1 }));
    await h.apply([read('u1', 's2', '2026-11-05')]); // ONE_MONTH is now 2026-10-06 … 2026-11-05
    expect(counts(await tally(h, ANALYTICS_SPEACH_TALLIES, 'ONE_MONTH|s1'))).toEqual({ reads: 1, ratingCount: 0, ratingSum: 0, created: 0, note: 0 });
    expect(counts(await tally(h, ANALYTICS_SPEACH_TALLIES, 'THREE_MONTHS|s1'))).toEqual(expect.objectContaining({ reads: 2, ratingCount: 1 }));
    await h.apply([read('u1', 's2', '2026-12-25')]);
    expect(await tally(h, ANALYTICS_SPEACH_TALLIES, 'ONE_MONTH|s1')).toBeNull();
    expect(await tally(h, ANALYTICS_CATEGORY_TALLIES, 'ONE_MONTH|c1')).toBeNull();
    expect(counts(await tally(h, ANALYTICS_CATEGORY_TALLIES, 'SIX_MONTHS|c1'))).toEqual(expect.objectContaining({ created: 2 }));
    // An event of an earlier day (recorded late) counts in the windows that hold its day only.
    await h.apply([read('u2', 's1', '2026-10-01')]);
    expect(await tally(h, ANALYTICS_SPEACH_TALLIES, 'ONE_MONTH|s1')).toBeNull();
    expect(counts(await tally(h, ANALYTICS_SPEACH_TALLIES, 'THREE_MONTHS|s1'))).toEqual(expect.objectContaining({ reads: 3 }));
  });

  it('ranks by reads then average, or by average then ratings then reads; ties go to the smaller id', async () => {
    const h = new AnalyticsHarness();
    const day = '2026-11-20';
    await h.apply([
      ...['s1', 's2', 's3', 's4', 's5'].map((s) => created(s, '2026-11-01', `a-${s}`)),
      read('u1', 's3', day),
      read('u2', 's3', day),
      rated('u1', 's3', day, 2),
      read('u1', 's2', day),
      read('u2', 's2', day),
      rated('u1', 's2', day, 4),
      read('u1', 's4', day),
      read('u2', 's4', day),
      rated('u1', 's4', day, 4),
      read('u1', 's1', day),
      rated('u2', 's1', day, 5),
      rated('u3', 's1', day, 5),
      rated('u1', 's5', day, 5), // rated, never read
    ]);
    const rankings = h.rankings(`${day}T18:00:00Z`);
    const ids = async (ranking: Ranking, top = 10) => (await rankings.leaders(ANALYTICS_SPEACH_TALLIES, 'ONE_MONTH', ranking, top)).map((t) => t.ownerId);
    expect(await ids('byWatch')).toEqual(['s2', 's4', 's3', 's1']); // s2 and s4 tie on reads and average
    expect(await ids('byWatch', 2)).toEqual(['s2', 's4']);
    expect(await ids('byRating')).toEqual(['s1', 's5', 's2', 's4', 's3']); // 5 (2 ratings), 5 (1), then 4 …
    const rows = await h.queries(`${day}T18:00:00Z`).topSpeaches('ONE_MONTH', 'rating');
    expect(rows[0]).toEqual({ speachId: 's1', speachTitle: 's1', publishDate: null, nbWatch: 1, nbNote: 2, note: 5 });
    expect((await h.queries(`${day}T18:00:00Z`).topSpeachmakers('ONE_MONTH', 'watch')).length).toBe(0); // no user documents: no rows
  });

  it('a day without events: the periods end today, the tallies on the last counted day, the difference is corrected', () => {
    expect(correctionDays('ONE_MONTH', '2026-11-23', new Date('2026-11-23T20:00:00Z'))).toEqual([]);
    expect(correctionDays('ONE_MONTH', '2026-11-23', new Date('2026-11-25T01:00:00Z'))).toEqual([
      { day: '2026-10-24', sign: -1 },
      { day: '2026-10-25', sign: -1 },
    ]);
    expect(correctionDays('ONE_MONTH', '2026-11-23', new Date('2026-11-21T01:00:00Z'))).toEqual([
      { day: '2026-10-22', sign: 1 },
      { day: '2026-10-23', sign: 1 },
      { day: '2026-11-22', sign: -1 },
      { day: '2026-11-23', sign: -1 },
    ]);
    expect(correctionDays('ONE_MONTH', '2026-11-23', new Date('2027-01-01T00:00:00Z'))).toBeNull();
    expect(leavingDays('2026-11-23', '2026-11-24').get('ONE_MONTH')).toEqual(['2026-10-24']);
    // A pause longer than the period: only the days up to the old end were counted.
    expect(leavingDays('2026-01-10', '2026-05-01').get('ONE_MONTH')).toEqual(daysBetween('2025-12-11', '2026-01-10'));
  });

  it.each([
    ['memory', () => new MemoryReadStore({ freezeAdopted: true })],
    ['SQLite', () => new SqliteReadStore(':memory:')],
  ])("answers like a sum of the period's day buckets, for random activity, batches and days of asking (%s store)", async (_name, newStore: () => ReadStore) => {
    const next = seededRandom(15);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
    const speaches = Array.from({ length: 40 }, (_, i) => `s${String(i).padStart(2, '0')}`);
    const authors = ['a1', 'a2', 'a3', 'a4'];
    const categories = ['c1', 'c2', null];
    const events: AnalyticsEvent[] = [];
    const authorOf = new Map<string, string>();
    let day = '2024-03-01';
    for (const s of speaches.slice(0, 10)) {
      authorOf.set(s, pick(authors));
      events.push(created(s, day, authorOf.get(s), pick(categories)));
    }
    while (day < '2026-11-23') {
      // Busy stretches and pauses of up to two months.
      day = addDays(day, next() < 0.85 ? 1 + Math.floor(next() * 3) : 10 + Math.floor(next() * 50));
      if (authorOf.size < speaches.length && next() < 0.2) {
        const s = speaches[authorOf.size];
        authorOf.set(s, pick(authors));
        events.push(created(s, day, authorOf.get(s), pick(categories)));
      }
      const known = [...authorOf.keys()];
      for (let n = Math.floor(next() * 6); n > 0; n--) {
        // Now and then an event recorded late, with the time of an earlier day.
        const at = next() < 0.05 ? addDays(day, -Math.floor(next() * 60)) : day;
        const s = pick(known);
        const roll = next();
        if (roll < 0.6) events.push(read(`u${Math.floor(next() ** 2 * 30)}`, s, at, 8 + Math.floor(next() * 12)));
        else if (roll < 0.85) events.push(rated(`u${Math.floor(next() * 30)}`, s, at, 1 + Math.floor(next() * 5)));
        else if (roll < 0.95) events.push(['SpeachDetailsChanged', `${day}T15:00:00Z`, { speachId: s, categoryId: pick(categories) }]);
        else events.push(['SpeachAuthorChanged', `${day}T15:00:00Z`, { speachId: s, authorId: pick(authors) }]);
      }
    }

    const h = new AnalyticsHarness(newStore());
    await h.apply(events, 37);
    const lastDay = (await h.store.collection<{ _id: string; day: string }>(ANALYTICS_TALLY_CLOCK).findById('asOf'))!.day;
    // The case is not trivial: full rankings, and tallies for every period.
    expect(await h.rankings(`${lastDay}T13:00:00Z`).leaders(ANALYTICS_SPEACH_TALLIES, 'TWO_YEARS', 'byRating', 8)).toHaveLength(8);
    for (const period of PERIODS)
      expect(await h.store.collection(ANALYTICS_AUTHOR_TALLIES).count({ [`periods.${period}`]: { $exists: true } })).toBeGreaterThan(0);
    const askedOn = [lastDay, addDays(lastDay, 1), addDays(lastDay, 9), addDays(lastDay, 45), addDays(lastDay, -3), '2025-07-15'];
    for (const today of askedOn) {
      const now = `${today}T13:00:00Z`;
      const rankings = h.rankings(now);
      for (const period of PERIODS) {
        for (const ranking of ['byWatch', 'byRating'] as const) {
          for (const [tallies, buckets] of [
            [ANALYTICS_SPEACH_TALLIES, ANALYTICS_SPEACH_BUCKETS],
            [ANALYTICS_AUTHOR_TALLIES, ANALYTICS_AUTHOR_BUCKETS],
          ]) {
            const expected = (await reference(h, buckets, period, now, ranking)).slice(0, 8);
            expect({ today, period, ranking, tallies, rows: (await rankings.leaders(tallies, period, ranking, 8)).map(plain) }).toEqual({
              today,
              period,
              ranking,
              tallies,
              rows: expected,
            });
          }
        }
        const categories = (await rankings.all(ANALYTICS_CATEGORY_TALLIES, period))
          .filter((t) => t.created > 0)
          .map(plain)
          .sort((a, b) => (a.ownerId < b.ownerId ? -1 : 1));
        expect({ today, period, categories }).toEqual({ today, period, categories: await reference(h, ANALYTICS_CATEGORY_BUCKETS, period, now, null) });
      }
    }
    // Every stored tally is the sum of its window's day buckets (nothing drifts, no empty tally is kept).
    for (const period of PERIODS) {
      const stored = (await h.store.collection<OwnerTally>(ANALYTICS_SPEACH_TALLIES).find({}))
        .flatMap((t) => (t.periods[period]?.reads ? [{ ownerId: t.ownerId, ...t.periods[period] }] : []))
        .sort((a, b) => (a.ownerId < b.ownerId ? -1 : 1));
      const summed = (await reference(h, ANALYTICS_SPEACH_BUCKETS, period, `${lastDay}T12:00:00Z`, 'byWatch')).sort((a, b) => (a.ownerId < b.ownerId ? -1 : 1));
      expect(stored).toEqual(summed);
    }

    // A rebuild from scratch in one batch, and one event per batch, give the same documents.
    const rebuilt = new AnalyticsHarness(newStore());
    await rebuilt.apply(events, events.length);
    const oneByOne = new AnalyticsHarness(newStore());
    await oneByOne.apply(events, 1);
    const incremental = await h.contents();
    expect(await rebuilt.contents()).toEqual(incremental);
    expect(await oneByOne.contents()).toEqual(incremental);
  });
});
