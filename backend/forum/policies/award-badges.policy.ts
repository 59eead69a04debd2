import { Inject, Injectable } from '@nestjs/common';
import { type ChapterAnswered, type ChapterRead, type EarnedBadge, type RecordedEvent, badgesStream } from '../../../events';
import { LEARNER_PROGRESS, type ProgressDocument, type SpeachDocument, SpeachQueries, liveVersion } from '../../speach';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { NotFoundError } from '../../infrastructure/decider/decider';
import type { Policy, PolicyContext } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import { ReadModels } from '../../infrastructure/read-models';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { badgeDecider } from '../badge.decider';

type Trigger = ChapterRead | ChapterAnswered;

/** What a learner has done in one version of a speach, as the award rules read it. */
export interface LearnerOutcome {
  /** Every chapter and sub-chapter of the version was read. */
  completed: boolean;
  /** The version has an exam and the learner passed every exam chapter with its threshold. */
  passed: boolean;
}

/**
 * Spec §3 badge types: AVANCEMENT on completion, RESULTAT on the exam passed, MIX on both; FORMATEUR
 * goes to the author, not to the learner. Answers the badge the learner earns, if any.
 */
export function learnerBadge(badge: SpeachDocument['badge'], outcome: LearnerOutcome): EarnedBadge | null {
  if (badge === 'AVANCEMENT' && outcome.completed) return 'AVANCEMENT';
  if (badge === 'RESULTAT' && outcome.passed) return 'RESULTAT';
  if (badge === 'MIX' && outcome.completed && outcome.passed) return 'MIX';
  return null;
}

/**
 * Awards badges as learners read and answer: each reaction appends `BadgeAwarded` to `badges-{userId}`
 * with a command id derived from the trigger, and the badge decider awards a speach's badge once, so
 * a retry, a replay or a learner reading again never awards twice.
 */
@Injectable()
export class AwardBadgesPolicy implements Policy<Trigger> {
  readonly name = 'award-badges';
  readonly handles = {
    ChapterRead: (event: RecordedEvent<ChapterRead>, ctx: PolicyContext) => this.react(event, ctx),
    ChapterAnswered: (event: RecordedEvent<ChapterAnswered>, ctx: PolicyContext) => this.react(event, ctx),
  };

  constructor(
    runner: PolicyRunner,
    private readonly commands: CommandRunner,
    private readonly speaches: SpeachQueries,
    private readonly readModels: ReadModels,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    void runner.register<Trigger>(this);
  }

  private async react(event: RecordedEvent<Trigger>, ctx: PolicyContext): Promise<void> {
    const { speachId, userId } = event.data;
    const doc = await this.speaches.document(speachId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (!doc || doc.badge === 'NONE') return;
    // The rules read the learner's progress: wait until it holds the triggering event.
    await this.readModels.settle(event.position);
    if (doc.badge === 'FORMATEUR') return this.trainer(event, doc, ctx);
    if (userId === doc.authorId) return;
    const version = ('version' in event.data ? event.data.version : null) ?? liveVersion(doc, event.time)?.version ?? null;
    // A preview of a draft earns nothing: badges are for what was published.
    if (version === null) return;
    const chapters = (await this.speaches.version(speachId, version))?.chapters ?? [];
    if (chapters.length === 0) return;
    const progress = await this.speaches.progress(userId, speachId);
    const earned = learnerBadge(doc.badge, outcome(chapters, progress));
    if (earned) await this.award(ctx, userId, doc, earned, event.time);
  }

  /** FORMATEUR: the author, once the speach has N learners (readers other than the author). */
  private async trainer(event: RecordedEvent<Trigger>, doc: SpeachDocument, ctx: PolicyContext): Promise<void> {
    if (event.data.userId === doc.authorId) return;
    const learners = await this.store.collection<ProgressDocument>(LEARNER_PROGRESS).count({ speachId: doc._id, userId: { $ne: doc.authorId } });
    if (learners >= this.config.badgeTrainerLearners) await this.award(ctx, doc.authorId, doc, 'FORMATEUR', event.time);
  }

  private async award(ctx: PolicyContext, userId: string, doc: SpeachDocument, badge: EarnedBadge, at: string): Promise<void> {
    await ctx.issue(badge, () =>
      this.commands.run(badgeDecider, badgesStream(userId), {
        type: 'AwardBadge',
        userId,
        speachId: doc._id,
        badge,
        title: doc.title,
        authorId: doc.authorId,
        at,
      }),
    );
  }
}

/** Exams are the final assessments (QUIZZ_EXAMEN); a speach with none counts its quizzes instead. */
export function outcome(
  chapters: { chapterId: string; content: { type: string } }[],
  progress: Pick<ProgressDocument, 'readChapterIds' | 'quizResults'> | null,
): LearnerOutcome {
  const read = new Set(progress?.readChapterIds ?? []);
  const results = progress?.quizResults ?? {};
  const exams = chapters.filter((c) => c.content.type === 'QUIZZ_EXAMEN');
  const assessed = exams.length ? exams : chapters.filter((c) => c.content.type === 'QUIZZ');
  return {
    completed: chapters.every((c) => read.has(c.chapterId)),
    passed: assessed.length > 0 && assessed.every((c) => results[c.chapterId]?.passed === true),
  };
}
