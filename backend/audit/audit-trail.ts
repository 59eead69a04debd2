import { type AuditedKind, type RecordedEvent, auditedStream } from '../../events';
import type { FieldChange } from './audit.view';

export type { FieldChange, TrailEntry } from './audit.view';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // A field absent before and null after (or the reverse) did not change.
  if ((a === undefined || a === null) && (b === undefined || b === null)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields that differ between two states, as dotted paths (`chapters.c1.title`). Objects are
 * compared key by key; arrays and scalars as whole values. Absent values are null.
 */
export function diffStates(before: unknown, after: unknown, path = ''): FieldChange[] {
  if (same(before, after)) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffStates(before[key], after[key], path ? `${path}.${key}` : key));
  }
  // An object appearing or going away is listed field by field, so each field has its before and after.
  if (isPlainObject(after) && (before === undefined || before === null)) {
    return Object.keys(after).flatMap((key) => diffStates(undefined, after[key], path ? `${path}.${key}` : key));
  }
  if (isPlainObject(before) && (after === undefined || after === null)) {
    return Object.keys(before).flatMap((key) => diffStates(before[key], undefined, path ? `${path}.${key}` : key));
  }
  return [{ field: path || 'state', before: before ?? null, after: after ?? null }];
}

export interface ReplayStep {
  event: RecordedEvent;
  kind: AuditedKind;
  before: unknown;
  after: unknown;
}

/**
 * Folds the events of a speach's streams, in log order, each stream with its decider's `evolve`.
 * `onStep` sees each event with its stream's state before and after it. Answers the states reached.
 */
export function replay(events: RecordedEvent[], onStep?: (step: ReplayStep) => void): Map<string, { kind: AuditedKind; state: unknown }> {
  const states = new Map<string, { kind: AuditedKind; state: unknown }>();
  for (const event of events) {
    const audited = auditedStream(event.streamId);
    if (!audited) continue;
    const before = states.get(event.streamId)?.state ?? audited.decider.initialState();
    const after = (audited.decider.evolve as (s: unknown, e: unknown) => unknown)(before, event);
    states.set(event.streamId, { kind: audited.kind, state: after });
    onStep?.({ event, kind: audited.kind, before, after });
  }
  return states;
}

/** The states of a speach's streams as of a point of the log, shaped for the API. */
export function asOf(speachId: string, states: Map<string, { kind: AuditedKind; state: unknown }>) {
  const workflows: { workflowId: string; stream: string; state: unknown }[] = [];
  let speach: unknown = null;
  let periodicReview: unknown = null;
  const ai: { stream: string; kind: AuditedKind; state: unknown }[] = [];
  for (const [stream, { kind, state }] of states) {
    if (kind === 'speach') speach = state;
    else if (kind === 'periodicReview') periodicReview = state;
    else if (kind === 'aiGeneration' || kind === 'aiJob') ai.push({ stream, kind, state });
    else if (kind === 'signatureFailures') continue;
    else workflows.push({ workflowId: stream.slice('workflow-'.length), stream, state });
  }
  return { speachId, speach, workflows, periodicReview, ai };
}
