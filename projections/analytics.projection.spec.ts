import { ANALYTICS_LEARNERS, ANALYTICS_SPEACHES, ANALYTICS_TOTALS, type AnalyticsSpeach } from './analytics.projection';
import { parsePeriod, periodRange, seriesSlots } from './analytics-buckets';
import { AnalyticsHarness as Harness } from '../test/support/analytics-harness';

const created = (speachId: string, time: string, extra: Record<string, unknown> = {}) =>
  ['SpeachCreated', time, { speachId, authorId: 'author', title: `Speach ${speachId}`, categoryId: 'cat-a', isTemplate: false, ...extra }] as [
    string,
    string,
    Record<string, unknown>,
  ];
const read = (userId: string, speachId: string, chapterId: string, time: string) =>
  ['ChapterRead', time, { userId, speachId, chapterId, version: 1 }] as [string, string, Record<string, unknown>];

describe('analytics buckets', () => {
  it('falls back to ONE_MONTH for a missing or unknown period', () => {
    expect(parsePeriod(undefined)).toBe('ONE_MONTH');
    expect(parsePeriod('FOREVER')).toBe('ONE_MONTH');
    expect(parsePeriod('TWO_YEARS')).toBe('TWO_YEARS');
  });

  it('gives each period its last N months up to today, including the edges', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    expect(periodRange('ONE_MONTH', now)).toEqual({ period: 'ONE_MONTH', from: '2026-10-24', to: '2026-11-23' });
    expect(periodRange('TWO_YEARS', now)).toEqual({ period: 'TWO_YEARS', from: '2024-11-24', to: '2026-11-23' });
    // 31 March minus one month is the end of February.
    expect(periodRange('ONE_MONTH', new Date('2026-03-31T00:00:00Z')).from).toBe('2026-03-01');
  });

  it('cuts series into days, weeks or months, with calendar bounds', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    const days = seriesSlots(periodRange('ONE_MONTH', now));
    expect(days).toHaveLength(31);
    expect(days[0]).toEqual({ unit: 'd', key: '2026-10-24', startDate: '2026-10-24', endDate: '2026-10-24' });
    expect(days[30].key).toBe('2026-11-23');
    const weeks = seriesSlots(periodRange('THREE_MONTHS', now));
    expect(weeks[0]).toEqual({ unit: 'w', key: '2026-08-24', startDate: '2026-08-24', endDate: '2026-08-30' }); // a Monday
    expect(weeks[weeks.length - 1]).toEqual({ unit: 'w', key: '2026-11-23', startDate: '2026-11-23', endDate: '2026-11-29' });
    const months = seriesSlots(periodRange('TWO_YEARS', now));
    expect(months).toHaveLength(25);
    expect(months[0]).toEqual({ unit: 'm', key: '2024-11', startDate: '2024-11-01', endDate: '2024-11-30' });
  });
});

describe('analytics projection', () => {
  it('counts one read per learner, speach and day, and distinct readers per day, week and month', async () => {
    const h = new Harness();
    await h.apply(
      [
        created('s1', '2026-11-01T08:00:00Z'),
        created('s2', '2026-11-01T08:00:00Z'),
        read('u1', 's1', 'c1', '2026-11-02T09:00:00Z'),
        read('u1', 's1', 'c2', '2026-11-02T09:05:00Z'), // same day, same speach: still one read
        read('u1', 's2', 'c1', '2026-11-02T10:00:00Z'),
        read('u2', 's1', 'c1', '2026-11-02T23:59:59Z'),
        read('u1', 's1', 'c1', '2026-11-03T00:00:00Z'), // next day: a new read
      ],
      3,
    );
    expect(await h.series('READ', 'd', '2026-11-02')).toBe(3);
    expect(await h.series('READ', 'd', '2026-11-03')).toBe(1);
    // Weeks and months of counts that add up are sums of days, answered by the queries.
    const weeks = await h.queries('2026-11-10T00:00:00Z').timeSeries('READ', 'THREE_MONTHS', false);
    expect(weeks.find((p) => p.startDate === '2026-11-02')?.value).toBe(4);
    const months = await h.queries('2026-11-10T00:00:00Z').timeSeries('READ', 'TWELVE_MONTHS', false);
    expect(months.at(-1)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30', value: 4 });
    expect(await h.series('UNIQUE_READ', 'd', '2026-11-02')).toBe(2);
    expect(await h.series('UNIQUE_READ', 'd', '2026-11-03')).toBe(1);
    expect(await h.series('UNIQUE_READ', 'w', '2026-11-02')).toBe(2);
    expect(await h.series('UNIQUE_READ', 'm', '2026-11')).toBe(2);
    expect(await h.series('CREATION', 'd', '2026-11-01')).toBe(2);
    const s1 = await h.store.collection<AnalyticsSpeach>(ANALYTICS_SPEACHES).findById('s1');
    expect(s1).toEqual(expect.objectContaining({ reads: 3, readers: 2, viewed: true, chapterReaders: { c1: 2, c2: 1 } }));
    expect(await h.store.collection(ANALYTICS_TOTALS).findById('speaches')).toEqual(expect.objectContaining({ unpublished: 2, viewed: 2 }));
  });

  it('is idempotent: a redelivered read changes nothing', async () => {
    const h = new Harness();
    await h.apply([created('s1', '2026-11-01T08:00:00Z'), read('u1', 's1', 'c1', '2026-11-02T09:00:00Z')]);
    await h.redeliver(2, ...read('u1', 's1', 'c1', '2026-11-02T09:00:00Z'));
    expect(await h.series('READ', 'd', '2026-11-02')).toBe(1);
    expect(await h.series('UNIQUE_READ', 'w', '2026-11-02')).toBe(1);
    expect(await h.store.collection(ANALYTICS_LEARNERS).findById('s1|u1')).toEqual(expect.objectContaining({ chapters: ['c1'], lastDay: '2026-11-02' }));
    expect(await h.store.collection(ANALYTICS_SPEACHES).findById('s1')).toEqual(expect.objectContaining({ reads: 1, readers: 1 }));
  });

  it('keeps the tiles: published, unpublished, viewed, templates and archived left out; users by role', async () => {
    const h = new Harness();
    await h.apply([
      created('s1', '2026-11-01T08:00:00Z'),
      created('s2', '2026-11-01T08:00:00Z'),
      created('t1', '2026-11-01T08:00:00Z', { isTemplate: true }),
      ['SpeachPublished', '2026-11-02T08:00:00Z', { speachId: 's1', version: 1, scheduledFor: null }],
      ['SpeachPublished', '2026-11-02T08:00:00Z', { speachId: 't1', version: 1, scheduledFor: null }],
      created('s3', '2026-11-01T08:00:00Z'),
      ['SpeachArchived', '2026-11-03T08:00:00Z', { speachId: 's3' }],
      ['UserRegistered', '2026-11-01T08:00:00Z', { userId: 'a', roles: ['ADMIN', 'FORMATEUR'] }],
      ['UserRegistered', '2026-11-01T08:00:00Z', { userId: 'b', roles: ['AI_EDITOR', 'FORMATEUR'] }],
      ['UserRegistered', '2026-11-01T08:00:00Z', { userId: 'c', roles: [] }],
      ['UserRolesChanged', '2026-11-02T08:00:00Z', { userId: 'c', roles: ['APPROVER'] }],
      ['UserDeactivated', '2026-11-03T08:00:00Z', { userId: 'b' }],
    ]);
    expect(await h.store.collection(ANALYTICS_TOTALS).findById('speaches')).toEqual(expect.objectContaining({ published: 1, unpublished: 1 }));
    expect(await h.store.collection(ANALYTICS_TOTALS).findById('users')).toEqual(
      expect.objectContaining({ users: 2, admins: 1, speachmakers: 1, aiEditors: 0, approvers: 1 }),
    );
    expect(await h.series('PUBLICATION', 'd', '2026-11-02')).toBe(2);
    expect(await h.series('CREATION', 'd', '2026-11-01')).toBe(3);
  });

  it('answers series, cumulative series and rankings from the buckets, period edges included', async () => {
    const h = new Harness();
    await h.apply([
      ['UserRegistered', '2025-01-01T08:00:00Z', { userId: 'author', firstName: 'Ada', lastName: 'Lovelace', roles: ['FORMATEUR'] }],
      created('old', '2025-06-01T08:00:00Z', { categoryId: null }),
      created('s1', '2026-10-23T12:00:00Z'), // the day before ONE_MONTH starts
      created('s2', '2026-10-24T00:00:00Z'), // the first day of ONE_MONTH
      created('s3', '2026-11-23T23:59:59Z', { categoryId: 'cat-b' }), // today, last second
      read('u1', 's1', 'c1', '2026-10-23T12:00:00Z'),
      read('u1', 's2', 'c1', '2026-10-24T00:00:00Z'),
      read('u2', 's2', 'c1', '2026-11-20T10:00:00Z'),
      read('u3', 's2', 'c1', '2026-11-21T10:00:00Z'),
      ['SpeachRated', '2026-11-21T10:00:00Z', { speachId: 's1', userId: 'u1', rating: 5 }],
      ['SpeachRated', '2026-11-21T11:00:00Z', { speachId: 's2', userId: 'u1', rating: 3 }],
      ['SpeachRated', '2026-11-22T11:00:00Z', { speachId: 's2', userId: 'u2', rating: 4 }],
      ['SessionStarted', '2026-11-22T11:00:00Z', { sessionId: 'x1', userId: 'u1' }],
      ['SessionStarted', '2026-11-22T12:00:00Z', { sessionId: 'x2', userId: 'u1' }],
      ['CommentPosted', '2026-11-22T12:00:00Z', { commentId: 'k', speachId: 's2', userId: 'u2', text: 'Nice' }],
    ]);
    // The users projection's read model gives the names.
    await h.store.collection('users').replace({ _id: 'author', firstName: 'Ada', lastName: 'Lovelace' });
    const queries = h.queries('2026-11-23T15:00:00Z');

    const creations = await queries.timeSeries('CREATION', 'ONE_MONTH', false);
    expect(creations).toHaveLength(31);
    expect(creations[0]).toEqual({ startDate: '2026-10-24', endDate: '2026-10-24', value: 1 });
    expect(creations[30]).toEqual({ startDate: '2026-11-23', endDate: '2026-11-23', value: 1 });
    expect(creations.reduce((n, p) => n + p.value, 0)).toBe(2);
    // Cumulative: everything before the period is in the first point.
    const cumulative = await queries.timeSeries('CREATION', 'ONE_MONTH', true);
    expect(cumulative[0].value).toBe(3);
    expect(cumulative[29].value).toBe(3);
    expect(cumulative[30].value).toBe(4);
    const readers = await queries.timeSeries('UNIQUE_READ', 'ONE_MONTH', true);
    expect(readers[0].value).toBe(1); // u1, first seen the day before the period
    expect(readers[30].value).toBe(3);
    expect((await queries.timeSeries('CONNECTION', 'ONE_MONTH', false))[29].value).toBe(2);
    expect((await queries.timeSeries('UNIQUE_CONNECTION', 'ONE_MONTH', false))[29].value).toBe(1);
    expect((await queries.timeSeries('UNIQUE_ACTIVITY', 'ONE_MONTH', false))[29].value).toBe(2);
    expect((await queries.timeSeries('COMMENT', 'ONE_MONTH', false))[29].value).toBe(1);
    expect(await queries.timeSeries('GRADE', 'TWO_YEARS', false)).toHaveLength(25);

    expect(await queries.topSpeaches('ONE_MONTH', 'watch')).toEqual([
      { speachId: 's2', speachTitle: 'Speach s2', publishDate: null, nbWatch: 3, nbNote: 2, note: 3.5 },
    ]);
    expect((await queries.topSpeaches('THREE_MONTHS', 'watch')).map((r) => [r.speachId, r.nbWatch])).toEqual([
      ['s2', 3],
      ['s1', 1],
    ]);
    expect((await queries.topSpeaches('ONE_MONTH', 'rating')).map((r) => [r.speachId, r.note])).toEqual([
      ['s1', 5],
      ['s2', 3.5],
    ]);
    expect(await queries.topSpeachmakers('ONE_MONTH', 'watch')).toEqual([
      { userId: 'author', firstName: 'Ada', lastName: 'Lovelace', nbSpeachs: 4, nbWatch: 3, nbNote: 3, note: 4 },
    ]);
    expect(await queries.categories('ONE_MONTH')).toEqual([
      { id: 'cat-a', name: '', value: 1 },
      { id: 'cat-b', name: '', value: 1 },
    ]);
    expect(await queries.categories('TWO_YEARS')).toEqual([
      { id: 'cat-a', name: '', value: 2 },
      { id: null, name: '', value: 1 },
      { id: 'cat-b', name: '', value: 1 },
    ]);
  });

  it("moves a speach between categories and a learner's new rating replaces the old one", async () => {
    const h = new Harness();
    await h.apply([
      created('s1', '2026-11-01T08:00:00Z'),
      ['SpeachDetailsChanged', '2026-11-05T08:00:00Z', { speachId: 's1', categoryId: 'cat-b' }],
      ['SpeachRated', '2026-11-06T08:00:00Z', { speachId: 's1', userId: 'u1', rating: 2 }],
      ['SpeachRated', '2026-11-07T08:00:00Z', { speachId: 's1', userId: 'u1', rating: 4 }],
    ]);
    const queries = h.queries('2026-11-10T00:00:00Z');
    expect(await queries.categories('ONE_MONTH')).toEqual([{ id: 'cat-b', name: '', value: 1 }]);
    expect(await h.store.collection(ANALYTICS_SPEACHES).findById('s1')).toEqual(expect.objectContaining({ ratingCount: 1, ratingSum: 4 }));
  });
});

describe('analytics projection: learning paths (issue 18)', () => {
  const published = (pathId: string, time: string, firstPublication: boolean) =>
    ['PathPublished', time, { pathId, title: pathId, firstPublication, speachIds: ['s1'], assignedUserIds: [], assignedGroupIds: [] }] as [
      string,
      string,
      Record<string, unknown>,
    ];
  const completed = (pathId: string, userId: string, completedAt: string) =>
    ['PathCompleted', completedAt, { pathId, userId, title: pathId, completedAt, validUntil: null, speaches: [], certificateCode: `${pathId}-${userId}` }] as [
      string,
      string,
      Record<string, unknown>,
    ];

  it('counts a path once when first published, and every completion on its day', async () => {
    const h = new Harness();
    await h.apply(
      [
        published('p1', '2026-11-02T08:00:00Z', true),
        published('p1', '2026-11-03T08:00:00Z', false), // republished after an edit: not a new path
        published('p2', '2026-11-03T09:00:00Z', true),
        completed('p1', 'u1', '2026-11-03T10:00:00Z'),
        completed('p1', 'u2', '2026-11-03T11:00:00Z'),
        completed('p2', 'u1', '2026-11-04T10:00:00Z'),
      ],
      2,
    );
    expect(await h.series('PATH_PUBLICATION', 'd', '2026-11-02')).toBe(1);
    expect(await h.series('PATH_PUBLICATION', 'd', '2026-11-03')).toBe(1);
    expect(await h.series('PATH_COMPLETION', 'd', '2026-11-03')).toBe(2);
    expect(await h.series('PATH_COMPLETION', 'm', '2026-11')).toBe(3);
    const cumulative = await h.queries('2026-11-10T00:00:00Z').timeSeries('PATH_PUBLICATION', 'ONE_MONTH', true);
    expect(cumulative.at(-1)!.value).toBe(2);
    // Delivered again after a restart: counted once.
    await h.redeliver(6, ...completed('p2', 'u1', '2026-11-04T10:00:00Z'));
    expect(await h.series('PATH_COMPLETION', 'm', '2026-11')).toBe(3);
  });
});
