import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type ChapterAnswered, type ChapterRead, type PathEnrolled, type RecordedEvent, pathLearnerStream } from '../../../events';
import type { ProjectionRunner } from '../../../projections/projection-runner';
import { PATH_LEARNERS, PATHS, type PathDocument, type PathLearnerDocument } from '../../../projections/paths.projection';
import { USERS, type UserDocument } from '../../../projections/users.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { Policy, PolicyContext } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { PROJECTION_RUNNER, READ_STORE } from '../../infrastructure/tokens';
import { completedSpeaches, pathProgress } from '../path-progress';
import { pathLearnerDecider } from '../path-learner.decider';
import { isAssignedTo } from '../path-views';

type Trigger = ChapterRead | ChapterAnswered | PathEnrolled;

/** 16 hex digits from the trigger: unguessable (event ids carry 74 random bits) and the same on a replay. */
export function certificateCodeFor(triggerId: string, pathId: string): string {
  const hex = createHash('sha256').update(`path-certificate\u0000${triggerId}\u0000${pathId}`).digest('hex').slice(0, 16).toUpperCase();
  return hex.match(/.{4}/g)!.join('-');
}

/**
 * A learner who has completed every speach of a published path they follow (assigned, or enrolled)
 * completes the path: `PathCompleted` on their path stream, once per validity period (the decider's
 * rule), with a command id derived from the trigger (a replay acts once). Completion is what the
 * learner's page shows (`pathProgress`), read once the projections have applied the trigger.
 */
@Injectable()
export class CompletePathPolicy implements Policy<Trigger> {
  readonly name = 'complete-learning-path';
  readonly handles = {
    ChapterRead: (event: RecordedEvent<ChapterRead>, ctx: PolicyContext) => this.onRead(event, ctx),
    ChapterAnswered: (event: RecordedEvent<ChapterAnswered>, ctx: PolicyContext) => this.onRead(event, ctx),
    PathEnrolled: (event: RecordedEvent<PathEnrolled>, ctx: PolicyContext) => this.onEnrol(event, ctx),
  };

  constructor(
    runner: PolicyRunner,
    private readonly commands: CommandRunner,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    void runner.register<Trigger>(this);
  }

  private async caughtUp(position: number): Promise<void> {
    if (!(await this.projections.waitFor(position, this.config.readYourWritesTimeoutMs))) throw new Error('The read models have not reached the trigger yet');
  }

  private async onRead(event: RecordedEvent<ChapterRead | ChapterAnswered>, ctx: PolicyContext): Promise<void> {
    // Most reads are of speaches in no path: answered from the index at once, without waiting for the
    // projections (a path is published well before its learners read it).
    const inPaths = { speachIds: event.data.speachId, state: 'PUBLIE' };
    const paths = this.store.collection<PathDocument>(PATHS);
    if ((await paths.count(inPaths)) === 0) return;
    await this.caughtUp(event.position);
    for (const path of await paths.find(inPaths)) await this.check(path, event.data.userId, event, ctx);
  }

  private async onEnrol(event: RecordedEvent<PathEnrolled>, ctx: PolicyContext): Promise<void> {
    await this.caughtUp(event.position);
    const path = await this.store.collection<PathDocument>(PATHS).findById(event.data.pathId);
    if (path?.state === 'PUBLIE') await this.check(path, event.data.userId, event, ctx);
  }

  private async check(path: PathDocument, userId: string, event: RecordedEvent<Trigger>, ctx: PolicyContext): Promise<void> {
    const user = await this.store.collection<UserDocument>(USERS).findById(userId);
    const learner = await this.store.collection<PathLearnerDocument>(PATH_LEARNERS).findById(`${path._id}:${userId}`);
    if (!isAssignedTo(path, { id: userId, groupIds: user?.groupIds ?? [] }) && !learner?.enrolled) return;
    const progress = await pathProgress(this.store, userId, path.speachIds, path.sequential, event.time, learner?.reassigned?.since ?? null);
    if (!progress.completed) return;
    await ctx.issue(`complete:${path._id}`, () =>
      this.commands.run(pathLearnerDecider, pathLearnerStream(path._id, userId), {
        type: 'Complete',
        pathId: path._id,
        userId,
        title: path.title,
        now: event.time,
        recertificationMonths: path.recertificationMonths,
        speaches: completedSpeaches(progress),
        certificateCode: certificateCodeFor(event.id, path._id),
      }),
    );
  }
}
