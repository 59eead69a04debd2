import { learnerStream } from '../../events';
import { Inject, Injectable } from '@nestjs/common';
import { daysBetween, parsePeriod, periodRange, seriesSlots } from '../../projections/analytics-buckets';
import {
  ANALYTICS_QUIZ_RESULTS,
  ANALYTICS_SPEACH_BUCKETS,
  ANALYTICS_SPEACHES,
  ANALYTICS_USER_BUCKETS,
  type AnalyticsSpeach,
  type OwnerBucket,
  type QuizResultDocument,
  slotOf,
} from '../../projections/analytics.projection';
import {
  LEARNER_PROGRESS,
  type ProgressDocument,
  type SpeachDocument,
  readingOrder,
  SpeachAccess,
  SpeachQueries,
  isEditor,
  liveVersion,
  person,
} from '../speach';
import { USERS, type UserDocument } from '../../projections/users.projection';
import type { Actor } from '../infrastructure/http/actor';
import { Clock } from '../infrastructure/clock/clock';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { DomainError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { ReadModels } from '../infrastructure/read-models';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { speachCompletion } from './completion';
import { quizResultsDecider } from './quiz-results.decider';
import type { SpeachAnalyticsView, UserAnalyticsView } from './speach-analytics.view';

/** The per-speach (`/analytics/s/{id}`) and per-user (`/analytics/u/{id}`) pages, and deleting a quiz result. */
@Injectable()
export class SpeachAnalytics {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly speaches: SpeachQueries,
    private readonly access: SpeachAccess,
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly clock: Clock,
  ) {}

  private async editable(user: Actor, speachId: string): Promise<SpeachDocument> {
    return this.access.editable(speachId, await this.speaches.viewer(user));
  }

  private async readsOverTime(collection: string, ownerId: string, period: unknown) {
    const slots = seriesSlots(periodRange(parsePeriod(period), this.clock.now()));
    // Speach buckets are kept per day and per month, a user's per day: a week (or a user's month) is the sum of its days.
    const monthly = collection !== ANALYTICS_USER_BUCKETS;
    const idsOf = (s: (typeof slots)[number]) =>
      s.unit === 'd' || (s.unit === 'm' && monthly)
        ? [`${ownerId}|${slotOf(s.unit, s.key)}`]
        : daysBetween(s.startDate, s.endDate).map((day) => `${ownerId}|d|${day}`);
    const docs = await this.store.collection<OwnerBucket>(collection).findByIds(slots.flatMap(idsOf));
    const reads = new Map(docs.map((d) => [d._id, d.reads]));
    return slots.map((s) => ({ startDate: s.startDate, endDate: s.endDate, value: idsOf(s).reduce((n, id) => n + (reads.get(id) ?? 0), 0) }));
  }

  private async people(ids: string[]): Promise<Map<string, UserDocument>> {
    return new Map((await this.store.collection<UserDocument>(USERS).findByIds([...new Set(ids)])).map((u) => [u._id, u]));
  }

  async forSpeach(user: Actor, speachId: string, period: unknown): Promise<SpeachAnalyticsView> {
    const doc = await this.editable(user, speachId);
    const stats = await this.store.collection<AnalyticsSpeach>(ANALYTICS_SPEACHES).findById(speachId);
    const live = liveVersion(doc, this.clock.now().toISOString());
    const nodes = live ? ((await this.speaches.version(speachId, live.version))?.chapters ?? readingOrder(doc.draft)) : readingOrder(doc.draft);
    // Completion comes from the learners' own progress, the same documents the reader shows them.
    const progress = await this.store.collection<ProgressDocument>(LEARNER_PROGRESS).find({ speachId }, { projection: { readChapterIds: 1 } });
    const completion = speachCompletion(
      nodes.map((n) => n.chapterId),
      progress,
    );
    const chapterCompletion = new Map(completion.chapters.map((c) => [c.chapterId, c]));
    const results = await this.store.collection<QuizResultDocument>(ANALYTICS_QUIZ_RESULTS).find({ speachId }, { sort: { at: -1 } });
    const users = await this.people(results.map((r) => r.userId));
    const titles = new Map(nodes.map((n) => [n.chapterId, n.title]));
    return {
      speach: {
        id: speachId,
        title: doc.title,
        published: doc.published,
        readers: completion.started,
        finished: completion.finished,
        completion: completion.percent,
        reads: stats?.reads ?? 0,
        ratingCount: stats?.ratingCount ?? 0,
        note: stats?.ratingCount ? Math.round((stats.ratingSum / stats.ratingCount) * 10) / 10 : 0,
      },
      period: parsePeriod(period),
      reads: await this.readsOverTime(ANALYTICS_SPEACH_BUCKETS, speachId, period),
      chapters: nodes.map((n) => {
        const { readers, percent } = chapterCompletion.get(n.chapterId)!;
        return { chapterId: n.chapterId, parentId: n.parentId, title: n.title, readers, percent };
      }),
      quizResults: results.map((r) => ({
        idAchatCour: `${r.userId}:${r.speachId}`,
        quizzId: r.chapterId,
        chapterTitle: titles.get(r.chapterId) ?? '',
        user: person(users.get(r.userId), r.userId),
        score: r.score,
        max: r.max,
        percent: r.percent,
        passed: r.passed,
        attempts: r.attempts,
        at: r.at,
      })),
    };
  }

  async forUser(user: Actor, userId: string, period: unknown): Promise<UserAnalyticsView> {
    if (user.id !== userId && !user.roles.includes('ADMIN')) throw new DomainError('Only this user and administrators may see these analytics.', 403);
    const target = await this.store.collection<UserDocument>(USERS).findById(userId);
    if (!target) throw new NotFoundError('Unknown user');
    const progress = await this.store.collection<ProgressDocument>(LEARNER_PROGRESS).find({ userId }, { sort: { lastReadAt: -1 } });
    const docs = new Map((await this.speaches.speaches.findByIds(progress.map((p) => p.speachId))).map((d) => [d._id, d]));
    const results = await this.store.collection<QuizResultDocument>(ANALYTICS_QUIZ_RESULTS).find({ userId }, { sort: { at: -1 } });
    const now = this.clock.now().toISOString();
    const speaches: UserAnalyticsView['speaches'] = [];
    const chapterTitles = new Map<string, string>();
    for (const p of progress) {
      const doc = docs.get(p.speachId);
      if (!doc) continue;
      const live = liveVersion(doc, now);
      const nodes = live ? ((await this.speaches.version(doc._id, live.version))?.chapters ?? readingOrder(doc.draft)) : readingOrder(doc.draft);
      for (const n of nodes) chapterTitles.set(`${doc._id}|${n.chapterId}`, n.title);
      const read = nodes.filter((n) => p.readChapterIds.includes(n.chapterId)).length;
      speaches.push({
        speachId: doc._id,
        title: doc.title,
        readChapters: read,
        totalChapters: nodes.length,
        percent: nodes.length ? Math.round((read / nodes.length) * 100) : 0,
        lastReadAt: p.lastReadAt,
      });
    }
    return {
      user: person(target, userId),
      period: parsePeriod(period),
      reads: await this.readsOverTime(ANALYTICS_USER_BUCKETS, userId, period),
      speaches,
      quizResults: results.map((r) => ({
        idAchatCour: `${r.userId}:${r.speachId}`,
        quizzId: r.chapterId,
        speachId: r.speachId,
        speachTitle: docs.get(r.speachId)?.title ?? '',
        chapterTitle: chapterTitles.get(`${r.speachId}|${r.chapterId}`) ?? '',
        score: r.score,
        max: r.max,
        percent: r.percent,
        passed: r.passed,
        attempts: r.attempts,
        at: r.at,
      })),
    };
  }

  /** Spec §7 `quizz/delete-results-user`: `idAchatCour` is the learner's enrolment `{userId}:{speachId}`, `quizzId` the quiz chapter. */
  async deleteResults(user: Actor, quizzId: unknown, idAchatCour: unknown): Promise<{ speachId: string; userId: string; quizzId: string }> {
    if (typeof quizzId !== 'string' || !quizzId) throw new ValidationError('quizzId', 'quizzId is required');
    if (typeof idAchatCour !== 'string' || !/^[^:]+:[^:]+$/.test(idAchatCour))
      throw new ValidationError('idAchatCour', 'idAchatCour must be {userId}:{speachId}');
    const [userId, speachId] = idAchatCour.split(':');
    const doc = await this.speaches.document(speachId);
    const mayManage = isEditor(doc, await this.speaches.viewer(user));
    await this.commands.run(quizResultsDecider, learnerStream(userId), {
      type: 'DeleteQuizResults',
      userId,
      speachId,
      chapterId: quizzId,
      deletedBy: user.id,
      mayManage,
    });
    await this.readModels.settled();
    return { speachId, userId, quizzId };
  }
}
