import type { RecordedEvent, Role } from '../events';
import { PERIODS, type Period, UNITS, type Unit, bucketKeys } from './analytics-buckets';
import {
  ANALYTICS_AUTHOR_TALLIES,
  ANALYTICS_CATEGORY_TALLIES,
  ANALYTICS_SPEACH_TALLIES,
  ANALYTICS_TALLY_CLOCK,
  COUNT_FIELDS,
  type CountField,
  type Counts,
  type OwnerTally,
  TALLY_CLOCK_ID,
  type TallyClock,
  leavingDays,
  noCounts,
  periodsHolding,
  RANKINGS,
  rankPath,
  tallyOf,
} from './analytics-tallies';
import type { ProjectedDocument, ProjectionDefinition, ProjectionWriter } from './projection';
import type { Metric } from './analytics-vocabulary.view';

/**
 * The dashboard's and the analytics pages' read models: counters kept in calendar buckets (day, ISO
 * week, month) as events arrive, so a query sums a few dozen small documents and never folds raw events.
 *
 * What counts (event time = the envelope's `time`, from the clock port):
 * - READ: a learner opening a speach on a day, i.e. the first ChapterRead or ChapterAnswered of that
 *   speach by that user on that UTC day. Reading five chapters in one sitting is one read.
 * - UNIQUE_READ / UNIQUE_ACTIVITY / UNIQUE_CONNECTION: distinct users in the bucket. Each user's document
 *   remembers the last bucket it was counted in, per metric and unit (events arrive in time order), so a
 *   read costs a handful of document writes. Activity = reading, answering, connecting, rating or commenting.
 * - CONNECTION: SessionStarted. CREATION: SpeachCreated (templates excluded). PUBLICATION: SpeachPublished
 *   (each version). GRADE: SpeachRated. COMMENT: CommentPosted.
 * - `{METRIC}#first`: the users counted for the first time ever, the increments of a cumulative unique count.
 *
 * Every metric is kept per day, week and month (distinct-user counts cannot be added up, and a series
 * reads one document per point). The rankings are per-period tallies beside the day buckets
 * (analytics-tallies.ts), written in the same batches and checkpoint.
 */
export * from './analytics-tallies';

export const ANALYTICS_SERIES = 'analytics_series';
export const ANALYTICS_TOTALS = 'analytics_totals';
/** `{speachId}|{userId}`: what one learner did with one speach (chapters read, last day counted, current rating). */
export const ANALYTICS_LEARNERS = 'analytics_learners';
export const ANALYTICS_SPEACHES = 'analytics_speaches';
export const ANALYTICS_SPEACH_BUCKETS = 'analytics_speach_buckets';
export const ANALYTICS_AUTHOR_BUCKETS = 'analytics_author_buckets';
export const ANALYTICS_AUTHORS = 'analytics_authors';
export const ANALYTICS_CATEGORY_BUCKETS = 'analytics_category_buckets';
export const ANALYTICS_USER_BUCKETS = 'analytics_user_buckets';
export const ANALYTICS_USERS = 'analytics_users';
export const ANALYTICS_QUIZ_RESULTS = 'analytics_quiz_results';

export { METRICS, type Metric } from './analytics-vocabulary.view';
export const UNIQUE_METRICS: Metric[] = ['UNIQUE_READ', 'UNIQUE_ACTIVITY', 'UNIQUE_CONNECTION'];

/** `{metric}|{unit}|{key}` */
export interface SeriesBucket extends ProjectedDocument {
  metric: string;
  unit: Unit;
  key: string;
  value: number;
}
export const seriesId = (metric: string, unit: Unit, key: string) => `${metric}|${unit}|${key}`;
export const slotOf = (unit: Unit, key: string) => `${unit}|${key}`;

/**
 * `{ownerId}|{slot}`, `slot` being `{unit}|{key}` (indexed: the rankings' windows slide by day). Per
 * speach per day and per month (its analytics page), per author, category and user per day.
 */
export interface OwnerBucket extends ProjectedDocument, Counts {
  ownerId: string;
  slot: string;
}

/** The units each owner's buckets are kept in (a week, or a user's month, is summed from days). */
const OWNER_UNITS: Record<string, Unit[]> = {
  [ANALYTICS_SPEACH_BUCKETS]: ['d', 'm'],
  [ANALYTICS_AUTHOR_BUCKETS]: ['d'],
  [ANALYTICS_CATEGORY_BUCKETS]: ['d'],
  [ANALYTICS_USER_BUCKETS]: ['d'],
};

/** The ranked owners: their tallies, and the day buckets a tally sums. */
export const TALLIED_DAY_BUCKETS: Record<string, string> = {
  [ANALYTICS_SPEACH_TALLIES]: ANALYTICS_SPEACH_BUCKETS,
  [ANALYTICS_AUTHOR_TALLIES]: ANALYTICS_AUTHOR_BUCKETS,
  [ANALYTICS_CATEGORY_TALLIES]: ANALYTICS_CATEGORY_BUCKETS,
};
const TALLIES_OF = new Map(Object.entries(TALLIED_DAY_BUCKETS).map(([tallies, buckets]) => [buckets, tallies]));

export interface AnalyticsSpeach extends ProjectedDocument {
  title: string;
  authorId: string;
  categoryId: string | null;
  isTemplate: boolean;
  archived: boolean;
  published: boolean;
  createdAt: string;
  firstPublishedAt: string | null;
  viewed: boolean;
  reads: number;
  readers: number;
  /** chapterId → distinct learners who read (or answered) it. */
  chapterReaders: Record<string, number>;
  /** Current ratings (a learner rating again replaces the previous rating). */
  ratingCount: number;
  ratingSum: number;
}

export interface AnalyticsUser extends ProjectedDocument {
  roles: Role[];
  active: boolean;
  /** `{metric}|{unit}` → key of the last bucket this user was counted in (distinct-user metrics). */
  last: Record<string, string>;
  /** Distinct-user metrics this user was ever counted in (the cumulative counts). */
  seen: Record<string, boolean>;
}

export interface LearnerSpeach extends ProjectedDocument {
  speachId: string;
  userId: string;
  chapters: string[];
  /** Day key of the last read counted: a read is the first chapter event of the day. */
  lastDay: string | null;
  rating: number | null;
}

export interface QuizResultDocument extends ProjectedDocument {
  userId: string;
  speachId: string;
  chapterId: string;
  score: number;
  max: number;
  percent: number;
  passed: boolean;
  attempts: number;
  at: string;
}

/** Counter documents: `metric:{METRIC}` {value}, `speaches` {published, unpublished, viewed}, `users` {users, admins, …}. */
export type TotalsDocument = ProjectedDocument & Record<string, number>;

/**
 * Every increment an event causes, merged per document, then written with one upsert per document:
 * the unit of work skips a second upsert of the same document for the same event.
 */
class Increments {
  private readonly docs = new Map<string, { collection: string; id: string; base: Record<string, unknown>; inc: Map<string, number> }>();
  /** What this event adds to ranked owners' day buckets, for their tallies. */
  private readonly tallied: { tallies: string; ownerId: string; day: string; field: CountField; by: number }[] = [];

  add(collection: string, id: string, base: Record<string, unknown>, field: string, by = 1): this {
    const key = `${collection}\u0000${id}`;
    let entry = this.docs.get(key);
    if (!entry) this.docs.set(key, (entry = { collection, id, base, inc: new Map() }));
    entry.inc.set(field, (entry.inc.get(field) ?? 0) + by);
    return this;
  }

  /**
   * Counts kept per day, week and month (a 2-year series reads 25 month documents, not 730 days) and in
   * an all-time total; a distinct-user count passes its own bucket and no total.
   */
  series(metric: string, keys: Record<Unit, string>, units: Unit[] = UNITS, total = true): this {
    for (const unit of units) this.add(ANALYTICS_SERIES, seriesId(metric, unit, keys[unit]), { metric, unit, key: keys[unit] }, 'value');
    if (total) this.add(ANALYTICS_TOTALS, `metric:${metric}`, {}, 'value');
    return this;
  }

  owner(collection: string, ownerId: string, keys: Record<Unit, string>, field: CountField, by = 1): this {
    for (const unit of OWNER_UNITS[collection]) {
      const slot = slotOf(unit, keys[unit]);
      this.add(collection, `${ownerId}|${slot}`, { ownerId, slot, ...noCounts() }, field, by);
    }
    const tallies = TALLIES_OF.get(collection);
    if (tallies) this.tallied.push({ tallies, ownerId, day: keys.d, field, by });
    return this;
  }

  async flush(writer: ProjectionWriter): Promise<void> {
    if (this.tallied.length) await this.tally(writer);
    for (const { collection, id, base, inc } of this.docs.values()) {
      await writer.upsert<ProjectedDocument>(collection, id, (current) => {
        const doc = (current ? { ...current } : { _id: id, ...base }) as Record<string, unknown>;
        for (const [field, by] of inc) doc[field] = ((doc[field] as number | undefined) ?? 0) + by;
        return doc as ProjectedDocument;
      });
    }
  }

  /**
   * The tallies follow the day buckets: an increment of a day after the windows' end slides them first
   * (the buckets of the days leaving a window, read before this event's own increments, are taken off),
   * then each increment goes to the periods whose window holds its day.
   */
  private async tally(writer: ProjectionWriter): Promise<void> {
    const changes = new TallyChanges();
    const latest = this.tallied.reduce((max, t) => (t.day > max ? t.day : max), this.tallied[0].day);
    let asOf = (await writer.get<TallyClock>(ANALYTICS_TALLY_CLOCK, TALLY_CLOCK_ID))?.day ?? null;
    if (asOf === null || latest > asOf) {
      if (asOf !== null) await slide(writer, changes, asOf, latest);
      asOf = latest;
      await writer.upsert<TallyClock>(ANALYTICS_TALLY_CLOCK, TALLY_CLOCK_ID, () => ({ _id: TALLY_CLOCK_ID, day: latest }));
    }
    for (const { tallies, ownerId, day, field, by } of this.tallied) {
      for (const period of periodsHolding(day, asOf)) changes.add(tallies, period, ownerId, field, by);
    }
    await changes.flush(writer);
  }
}

/** Changes of tally documents, merged per document (one upsert each per event). */
class TallyChanges {
  private readonly docs = new Map<string, { tallies: string; ownerId: string; deltas: Partial<Record<Period, Counts>> }>();

  add(tallies: string, period: Period, ownerId: string, field: CountField, by: number): void {
    const key = `${tallies}\u0000${ownerId}`;
    let entry = this.docs.get(key);
    if (!entry) this.docs.set(key, (entry = { tallies, ownerId, deltas: {} }));
    (entry.deltas[period] ??= noCounts())[field] += by;
  }

  async flush(writer: ProjectionWriter): Promise<void> {
    for (const { tallies, ownerId, deltas } of this.docs.values()) {
      await writer.upsert<OwnerTally>(tallies, ownerId, (current) => {
        const periods: Partial<Record<Period, Counts>> = { ...current?.periods };
        for (const [period, delta] of Object.entries(deltas) as [Period, Counts][]) {
          const counts = { ...(periods[period] ?? noCounts()) };
          for (const field of COUNT_FIELDS) counts[field] += delta[field];
          periods[period] = counts;
        }
        return tallyOf(ownerId, periods);
      });
    }
  }
}

/** Takes the days that leave each period's window, from `from` to `to`, off the tallies. */
async function slide(writer: ProjectionWriter, changes: TallyChanges, from: string, to: string): Promise<void> {
  const periodsOf = new Map<string, Period[]>();
  for (const [period, days] of leavingDays(from, to)) {
    for (const day of days) periodsOf.set(slotOf('d', day), [...(periodsOf.get(slotOf('d', day)) ?? []), period]);
  }
  if (!periodsOf.size) return;
  for (const [tallies, buckets] of Object.entries(TALLIED_DAY_BUCKETS)) {
    for (const bucket of await writer.find<OwnerBucket>(buckets, { slot: { $in: [...periodsOf.keys()] } })) {
      for (const period of periodsOf.get(bucket.slot)!) {
        for (const field of COUNT_FIELDS) if (bucket[field]) changes.add(tallies, period, bucket.ownerId, field, -bucket[field]);
      }
    }
  }
}

/**
 * Changes a user's analytics document once for this event: `count` records the distinct-user metrics
 * (and their increments). Skipped, increments included, when the event was already applied.
 */
async function countUser(writer: ProjectionWriter, userId: string, count: (user: AnalyticsUser) => void): Promise<void> {
  await writer.upsert<AnalyticsUser>(ANALYTICS_USERS, userId, (current) => {
    const user: AnalyticsUser = current
      ? { ...current, last: { ...(current.last ?? {}) }, seen: { ...(current.seen ?? {}) } }
      : { _id: userId, roles: [], active: false, last: {}, seen: {} };
    count(user);
    return user;
  });
}

/** Counts the user once per bucket of a distinct-user metric, and once ever for its cumulative. */
function unique(user: AnalyticsUser, inc: Increments, metric: Metric, keys: Record<Unit, string>): void {
  for (const unit of UNITS) {
    const slot = `${metric}|${unit}`;
    if (user.last[slot] === keys[unit]) continue;
    user.last[slot] = keys[unit];
    inc.series(metric, keys, [unit], false);
  }
  if (!user.seen[metric]) {
    user.seen[metric] = true;
    inc.series(`${metric}#first`, keys);
  }
}

/** Speaches that count in the published/unpublished/viewed tiles: neither templates nor archived. */
function speachTiles(doc: AnalyticsSpeach | null): Record<'published' | 'unpublished' | 'viewed', number> {
  if (!doc || doc.isTemplate || doc.archived) return { published: 0, unpublished: 0, viewed: 0 };
  return { published: doc.published ? 1 : 0, unpublished: doc.published ? 0 : 1, viewed: doc.viewed ? 1 : 0 };
}

/** One change of a speach's analytics document, with the tile counters moved accordingly. */
async function changeSpeach(
  writer: ProjectionWriter,
  inc: Increments,
  speachId: string,
  change: (doc: AnalyticsSpeach | null) => AnalyticsSpeach | null,
): Promise<void> {
  const before = await writer.get<AnalyticsSpeach>(ANALYTICS_SPEACHES, speachId);
  const after = change(before); // handlers build a new document with spreads: `before` stays untouched;
  if (!after) return;
  const [was, is] = [speachTiles(before), speachTiles(after)];
  for (const field of ['published', 'unpublished', 'viewed'] as const)
    if (was[field] !== is[field]) inc.add(ANALYTICS_TOTALS, 'speaches', {}, field, is[field] - was[field]);
  await writer.upsert<AnalyticsSpeach>(ANALYTICS_SPEACHES, speachId, () => after);
}

function userTiles(doc: AnalyticsUser | null): Record<'users' | 'admins' | 'speachmakers' | 'aiEditors' | 'approvers', number> {
  const on = !!doc?.active;
  const has = (role: Role) => (on && doc!.roles.includes(role) ? 1 : 0);
  return { users: on ? 1 : 0, admins: has('ADMIN'), speachmakers: has('FORMATEUR'), aiEditors: has('AI_EDITOR'), approvers: has('APPROVER') };
}

function userHandler(change: (doc: AnalyticsUser | null, data: Record<string, unknown>) => AnalyticsUser | null) {
  return async (event: RecordedEvent, writer: ProjectionWriter) => {
    const data = event.data as Record<string, unknown> & { userId: string };
    const before = await writer.get<AnalyticsUser>(ANALYTICS_USERS, data.userId);
    const after = change(before && { ...before, last: before.last ?? {}, seen: before.seen ?? {} }, data);
    if (!after) return;
    const inc = new Increments();
    const [was, is] = [userTiles(before), userTiles(after)];
    for (const field of Object.keys(was) as (keyof typeof was)[])
      if (was[field] !== is[field]) inc.add(ANALYTICS_TOTALS, 'users', {}, field, is[field] - was[field]);
    await writer.upsert<AnalyticsUser>(ANALYTICS_USERS, data.userId, () => after);
    await inc.flush(writer);
  };
}

/** A learner read or answered a chapter. */
async function chapterActivity(event: RecordedEvent, writer: ProjectionWriter, inc: Increments): Promise<void> {
  const { userId, speachId, chapterId } = event.data as { userId: string; speachId: string; chapterId: string };
  const keys = bucketKeys(event.time);
  const speach = await writer.get<AnalyticsSpeach>(ANALYTICS_SPEACHES, speachId);
  let counted = false;
  let newReader = false;
  let newChapter = false;
  if (speach) {
    const learnerId = `${speachId}|${userId}`;
    // One read and write per event; skipped (and nothing counted) when the event was already applied.
    await writer.upsert<LearnerSpeach>(ANALYTICS_LEARNERS, learnerId, (learner) => {
      counted = learner?.lastDay !== keys.d;
      newReader = !learner;
      newChapter = !learner?.chapters.includes(chapterId);
      return {
        _id: learnerId,
        speachId,
        userId,
        chapters: newChapter ? [...(learner?.chapters ?? []), chapterId] : learner!.chapters,
        lastDay: keys.d,
        rating: learner?.rating ?? null,
      };
    });
  }
  await countUser(writer, userId, (user) => {
    unique(user, inc, 'UNIQUE_ACTIVITY', keys);
    if (counted) unique(user, inc, 'UNIQUE_READ', keys);
  });
  if (!speach) return;
  if (counted) {
    inc.series('READ', keys);
    inc.owner(ANALYTICS_SPEACH_BUCKETS, speachId, keys, 'reads');
    inc.owner(ANALYTICS_AUTHOR_BUCKETS, speach.authorId, keys, 'reads');
    inc.owner(ANALYTICS_USER_BUCKETS, userId, keys, 'reads');
  }
  if (counted || newReader || newChapter || !speach.viewed) {
    await changeSpeach(
      writer,
      inc,
      speachId,
      (doc) =>
        doc && {
          ...doc,
          viewed: true,
          reads: doc.reads + (counted ? 1 : 0),
          readers: doc.readers + (newReader ? 1 : 0),
          chapterReaders: newChapter ? { ...doc.chapterReaders, [chapterId]: (doc.chapterReaders[chapterId] ?? 0) + 1 } : doc.chapterReaders,
        },
    );
  }
}

function speachHandler(change: (doc: AnalyticsSpeach, data: Record<string, unknown>, event: RecordedEvent, inc: Increments) => AnalyticsSpeach) {
  return async (event: RecordedEvent, writer: ProjectionWriter) => {
    const data = event.data as Record<string, unknown> & { speachId: string };
    const inc = new Increments();
    await changeSpeach(writer, inc, data.speachId, (doc) => (doc ? change(doc, data, event, inc) : null));
    await inc.flush(writer);
  };
}

const RANK_INDEXES = RANKINGS.flatMap((ranking) => PERIODS.map((period) => ({ field: rankPath(ranking, period) })));

const categoryOwner = (categoryId: string | null) => categoryId ?? 'none';

export const analyticsProjection: ProjectionDefinition = {
  name: 'analytics',
  version: 4, // 2: week and month buckets for the summed metrics; 3: the rankings' tallies; 4: learning paths published and completed
  collections: [
    { name: ANALYTICS_SERIES },
    { name: ANALYTICS_TOTALS },
    { name: ANALYTICS_LEARNERS },
    { name: ANALYTICS_SPEACHES, indexes: [{ field: 'authorId' }] },
    { name: ANALYTICS_SPEACH_BUCKETS, indexes: [{ field: 'slot' }] },
    { name: ANALYTICS_AUTHOR_BUCKETS, indexes: [{ field: 'slot' }] },
    { name: ANALYTICS_AUTHORS },
    { name: ANALYTICS_CATEGORY_BUCKETS, indexes: [{ field: 'slot' }] },
    { name: ANALYTICS_USER_BUCKETS },
    // One single-field index per ranking and period serves "the first N" (a range, sorted, limited).
    { name: ANALYTICS_SPEACH_TALLIES, indexes: RANK_INDEXES },
    { name: ANALYTICS_AUTHOR_TALLIES, indexes: RANK_INDEXES },
    { name: ANALYTICS_CATEGORY_TALLIES },
    { name: ANALYTICS_TALLY_CLOCK },
    { name: ANALYTICS_USERS },
    { name: ANALYTICS_QUIZ_RESULTS, indexes: [{ field: 'speachId' }, { field: 'userId' }] },
  ],
  handlers: {
    SpeachCreated: async (event, writer) => {
      const d = event.data as { speachId: string; authorId: string; title: string; categoryId: string | null; isTemplate: boolean };
      const keys = bucketKeys(event.time);
      const inc = new Increments();
      await changeSpeach(
        writer,
        inc,
        d.speachId,
        (current) =>
          current ?? {
            _id: d.speachId,
            title: d.title,
            authorId: d.authorId,
            categoryId: d.categoryId,
            isTemplate: d.isTemplate,
            archived: false,
            published: false,
            createdAt: event.time,
            firstPublishedAt: null,
            viewed: false,
            reads: 0,
            readers: 0,
            chapterReaders: {},
            ratingCount: 0,
            ratingSum: 0,
          },
      );
      if (!d.isTemplate) {
        inc.series('CREATION', keys);
        inc.owner(ANALYTICS_CATEGORY_BUCKETS, categoryOwner(d.categoryId), keys, 'created');
        inc.add(ANALYTICS_AUTHORS, d.authorId, {}, 'speaches');
      }
      await inc.flush(writer);
    },
    SpeachDetailsChanged: speachHandler((doc, data, _event, inc) => {
      const categoryId = data.categoryId === undefined ? doc.categoryId : (data.categoryId as string | null);
      if (categoryId !== doc.categoryId && !doc.isTemplate) {
        // "Speaches by category" counts creations by the speach's current category.
        const created = bucketKeys(doc.createdAt);
        inc.owner(ANALYTICS_CATEGORY_BUCKETS, categoryOwner(doc.categoryId), created, 'created', -1);
        inc.owner(ANALYTICS_CATEGORY_BUCKETS, categoryOwner(categoryId), created, 'created', 1);
      }
      return { ...doc, title: typeof data.title === 'string' ? data.title : doc.title, categoryId };
    }),
    SpeachAuthorChanged: speachHandler((doc, data, _event, inc) => {
      const authorId = data.authorId as string;
      if (!doc.isTemplate && authorId !== doc.authorId)
        inc.add(ANALYTICS_AUTHORS, doc.authorId, {}, 'speaches', -1).add(ANALYTICS_AUTHORS, authorId, {}, 'speaches', 1);
      return { ...doc, authorId };
    }),
    SpeachPublished: speachHandler((doc, data, event, inc) => {
      inc.series('PUBLICATION', bucketKeys(event.time));
      return { ...doc, published: true, firstPublishedAt: doc.firstPublishedAt ?? (data.scheduledFor as string | null) ?? event.time };
    }),
    SpeachUnpublished: speachHandler((doc) => ({ ...doc, published: false })),
    SpeachArchived: speachHandler((doc) => ({ ...doc, archived: true })),
    SpeachRestored: speachHandler((doc) => ({ ...doc, archived: false })),
    ChapterRead: async (event, writer) => {
      const inc = new Increments();
      await chapterActivity(event, writer, inc);
      await inc.flush(writer);
    },
    ChapterAnswered: async (event, writer) => {
      const d = event.data as { userId: string; speachId: string; chapterId: string; score: number | null; max: number | null; passed: boolean | null };
      const inc = new Increments();
      await chapterActivity(event, writer, inc);
      await inc.flush(writer);
      if (d.score === null || d.max === null) return;
      const { score, max } = d;
      const id = `${d.userId}|${d.speachId}|${d.chapterId}`;
      await writer.upsert<QuizResultDocument>(ANALYTICS_QUIZ_RESULTS, id, (current) => ({
        _id: id,
        userId: d.userId,
        speachId: d.speachId,
        chapterId: d.chapterId,
        score,
        max,
        percent: max ? Math.round((score / max) * 100) : 0,
        passed: d.passed === true,
        attempts: (current?.attempts ?? 0) + 1,
        at: event.time,
      }));
    },
    QuizResultsDeleted: async (event, writer) => {
      const d = event.data as { userId: string; speachId: string; chapterId: string };
      await writer.upsert(ANALYTICS_QUIZ_RESULTS, `${d.userId}|${d.speachId}|${d.chapterId}`, () => null);
    },
    SessionStarted: async (event, writer) => {
      const { userId } = event.data as { userId: string };
      const keys = bucketKeys(event.time);
      const inc = new Increments().series('CONNECTION', keys);
      await countUser(writer, userId, (user) => {
        unique(user, inc, 'UNIQUE_CONNECTION', keys);
        unique(user, inc, 'UNIQUE_ACTIVITY', keys);
      });
      await inc.flush(writer);
    },
    SpeachRated: async (event, writer) => {
      const d = event.data as { speachId: string; userId: string; rating: number };
      const keys = bucketKeys(event.time);
      const inc = new Increments().series('GRADE', keys);
      await countUser(writer, d.userId, (user) => unique(user, inc, 'UNIQUE_ACTIVITY', keys));
      const speach = await writer.get<AnalyticsSpeach>(ANALYTICS_SPEACHES, d.speachId);
      if (speach) {
        // Buckets hold the ratings given in them; the speach keeps each learner's latest rating.
        inc.owner(ANALYTICS_SPEACH_BUCKETS, d.speachId, keys, 'ratingCount').owner(ANALYTICS_SPEACH_BUCKETS, d.speachId, keys, 'ratingSum', d.rating);
        inc.owner(ANALYTICS_AUTHOR_BUCKETS, speach.authorId, keys, 'ratingCount').owner(ANALYTICS_AUTHOR_BUCKETS, speach.authorId, keys, 'ratingSum', d.rating);
        const learnerId = `${d.speachId}|${d.userId}`;
        const learner = await writer.get<LearnerSpeach>(ANALYTICS_LEARNERS, learnerId);
        const previous = learner?.rating ?? null;
        await writer.upsert<LearnerSpeach>(ANALYTICS_LEARNERS, learnerId, () => ({
          _id: learnerId,
          speachId: d.speachId,
          userId: d.userId,
          chapters: learner?.chapters ?? [],
          lastDay: learner?.lastDay ?? null,
          rating: d.rating,
        }));
        await changeSpeach(
          writer,
          inc,
          d.speachId,
          (doc) => doc && { ...doc, ratingCount: doc.ratingCount + (previous === null ? 1 : 0), ratingSum: doc.ratingSum + d.rating - (previous ?? 0) },
        );
      }
      await inc.flush(writer);
    },
    CommentPosted: async (event, writer) => {
      const { userId } = event.data as { userId: string };
      const keys = bucketKeys(event.time);
      const inc = new Increments().series('COMMENT', keys);
      await countUser(writer, userId, (user) => unique(user, inc, 'UNIQUE_ACTIVITY', keys));
      await inc.flush(writer);
    },
    // A path counts once when first published (republishing after an edit is not a new path), and each completion counts, recertifications included.
    PathPublished: async (event, writer) => {
      if ((event.data as { firstPublication: boolean }).firstPublication)
        await new Increments().series('PATH_PUBLICATION', bucketKeys(event.time)).flush(writer);
    },
    PathCompleted: async (event, writer) => {
      await new Increments().series('PATH_COMPLETION', bucketKeys((event.data as { completedAt: string }).completedAt)).flush(writer);
    },
    UserRegistered: userHandler((current, data) => ({ last: {}, seen: {}, ...current, _id: data.userId as string, roles: data.roles as Role[], active: true })),
    UserRolesChanged: userHandler((current, data) => current && { ...current, roles: data.roles as Role[] }),
    UserDeactivated: userHandler((current) => current && { ...current, active: false }),
    UserReactivated: userHandler((current) => current && { ...current, active: true }),
  },
};
