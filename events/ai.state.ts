import type { AiGenerationEvent, AiJobEvent, AiPlan, AiSpeachMapping } from './ai.events';

export type AiJobKind = 'document' | 'plan' | 'chapter' | 'quiz';

export type AiJobRequest = Extract<
  AiJobEvent,
  { type: 'AiDocumentUploaded' | 'AiPlanRequested' | 'AiChapterGenerationRequested' | 'AiQuizGenerationRequested' }
>['data'];
export type AiJobOutcome = Extract<
  AiJobEvent,
  { type: 'AiDocumentParsed' | 'AiPlanGenerated' | 'AiChapterGenerated' | 'AiQuizGenerated' | 'AiJobFailed' }
>['data'];

/** One job's request (the data of its first event) and, once finished, its outcome event's data. */
export interface AiJob {
  status: 'pending' | 'done' | 'failed' | 'cancelled';
  kind: AiJobKind;
  jobId: string;
  ownerId: string;
  request: AiJobRequest;
  outcome: AiJobOutcome | null;
}

export type AiJobState = { status: 'none' } | AiJob;

export const initialAiJobState = (): AiJobState => ({ status: 'none' });

const KINDS: Record<string, AiJobKind> = {
  AiDocumentUploaded: 'document',
  AiPlanRequested: 'plan',
  AiChapterGenerationRequested: 'chapter',
  AiQuizGenerationRequested: 'quiz',
};

export function evolveAiJob(state: AiJobState, event: AiJobEvent): AiJobState {
  const kind = KINDS[event.type];
  if (kind) {
    const request = event.data as AiJobRequest;
    return { status: 'pending', kind, jobId: event.data.jobId, ownerId: request.ownerId, request, outcome: null };
  }
  if (state.status === 'none') return state;
  if (event.type === 'AiJobCancelled') return { ...state, status: 'cancelled', outcome: null };
  return { ...state, status: event.type === 'AiJobFailed' ? 'failed' : 'done', outcome: event.data as AiJobOutcome };
}

/** A generated speach's origin: the plan it was created from and where each plan entry went. */
export type AiGenerationState =
  { status: 'none' } | { status: 'validated'; speachId: string; ownerId: string; planJobId: string | null; plan: AiPlan; mapping: AiSpeachMapping };

export const initialAiGenerationState = (): AiGenerationState => ({ status: 'none' });

export function evolveAiGeneration(state: AiGenerationState, event: AiGenerationEvent): AiGenerationState {
  switch (event.type) {
    case 'AiPlanValidated':
      return {
        status: 'validated',
        speachId: event.data.speachId,
        ownerId: event.data.ownerId,
        planJobId: event.data.planJobId,
        plan: event.data.plan,
        mapping: event.data.mapping,
      };
    default:
      return state;
  }
}
