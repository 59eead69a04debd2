import { type AiJobEvent, type AiJobState, evolveAiJob, initialAiJobState } from '../../../events';
import { type Decider, ForbiddenError, IllegalStateError, NotFoundError } from '../../infrastructure/decider/decider';

type Request = Extract<AiJobEvent, { type: 'AiDocumentUploaded' | 'AiPlanRequested' | 'AiChapterGenerationRequested' | 'AiQuizGenerationRequested' }>;
type Outcome = Extract<AiJobEvent, { type: 'AiDocumentParsed' | 'AiPlanGenerated' | 'AiChapterGenerated' | 'AiQuizGenerated' | 'AiJobFailed' }>;

export type AiJobCommand =
  { type: 'RequestJob'; event: Request } | { type: 'FinishJob'; event: Outcome } | { type: 'CancelJob'; jobId: string; userId: string };

/** A job is requested once and finishes once: a second worker, a retry or a replay cannot record two outcomes. */
export const aiJobDecider: Decider<AiJobState, AiJobCommand, AiJobEvent> = {
  initialState: initialAiJobState,
  evolve: evolveAiJob,
  decide(command, state) {
    switch (command.type) {
      case 'RequestJob':
        if (state.status !== 'none') throw new IllegalStateError('This job already exists');
        return [command.event];
      case 'FinishJob':
        if (state.status === 'none') throw new NotFoundError('Unknown job');
        if (state.status !== 'pending') throw new IllegalStateError('This job is already finished');
        return [command.event];
      case 'CancelJob':
        if (state.status === 'none') throw new NotFoundError('Unknown job');
        // Only the author who asked for it: an administrator sees the job but does not stop someone else's work.
        if (state.ownerId !== command.userId) throw new ForbiddenError('Only the author who started this job may cancel it.');
        if (state.status !== 'pending') throw new IllegalStateError('This job is already finished');
        return [{ type: 'AiJobCancelled', data: { jobId: command.jobId, cancelledBy: command.userId } }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
