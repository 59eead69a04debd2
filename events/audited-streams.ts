import type { DomainEvent } from './envelope';
import { evolveAiGeneration, evolveAiJob, initialAiGenerationState, initialAiJobState } from './ai.state';
import { evolvePeriodicReview, initialPeriodicReviewState } from './periodic-review.state';
import { evolveSpeach, initialSpeachState } from './speach.state';
import { evolveWorkflow, initialWorkflowState } from './workflow.state';

/** What the auditor's replay folds a stream with: the same `initialState` and `evolve` its decider uses. */
export interface Fold {
  initialState: () => unknown;
  evolve: (state: never, event: never) => unknown;
}

export type { AuditedKind } from './audit-vocabulary.view';
import type { AuditedKind } from './audit-vocabulary.view';

interface StreamFamily {
  /** Stream name prefix, dash included. */
  prefix: string;
  /** null: streams of this prefix are not part of any speach's trail. */
  kind: AuditedKind | null;
  decider: Fold | null;
}

/**
 * The streams of a speach's audit trail, by stream name prefix: adding a kind of stream to the
 * trail is one line here. The longest matching prefix wins (`workflow-definition-` before `workflow-`).
 */
const FAMILIES: StreamFamily[] = [
  { prefix: 'speach-', kind: 'speach', decider: { initialState: initialSpeachState, evolve: evolveSpeach } },
  { prefix: 'workflow-', kind: 'workflow', decider: { initialState: initialWorkflowState, evolve: evolveWorkflow } },
  // Definitions are organisation settings; a workflow instance carries the snapshot it started with.
  { prefix: 'workflow-definition-', kind: null, decider: null },
  { prefix: 'periodic-review-', kind: 'periodicReview', decider: { initialState: initialPeriodicReviewState, evolve: evolvePeriodicReview } },
  // AI provenance: the plan a speach was generated from, and the chapter and quiz jobs run on it (their events name the speach).
  { prefix: 'ai-generation-', kind: 'aiGeneration', decider: { initialState: initialAiGenerationState, evolve: evolveAiGeneration } },
  { prefix: 'ai-job-', kind: 'aiJob', decider: { initialState: initialAiJobState, evolve: evolveAiJob } },
  // Refused electronic signatures (issue 23): an inspector sees every failed attempt on the speach.
  {
    prefix: 'signature-failures-',
    kind: 'signatureFailures',
    decider: { initialState: () => ({ failures: 0 }), evolve: (state: { failures: number }) => ({ failures: state.failures + 1 }) },
  },
];

export interface AuditedStream {
  kind: AuditedKind;
  decider: Fold;
}

export function auditedStream(streamId: string): AuditedStream | null {
  let found: StreamFamily | null = null;
  for (const family of FAMILIES) {
    if (streamId.startsWith(family.prefix) && (!found || family.prefix.length > found.prefix.length)) found = family;
  }
  return found?.kind && found.decider ? { kind: found.kind, decider: found.decider } : null;
}

/** The speach an event of an audited stream belongs to (every such event's data carries it). */
export function speachIdOf(event: DomainEvent): string | null {
  const speachId = (event.data as { speachId?: unknown }).speachId;
  return typeof speachId === 'string' && speachId ? speachId : null;
}
