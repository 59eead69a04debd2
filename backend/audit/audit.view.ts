/**
 * What the auditor's calls answer (spec §11 audit trail). A view module: it imports only other view modules
 * (docs/web-shared-and-data-layer.md).
 */
import type { AuditedKind } from '../../events/audit-vocabulary.view';

export type { AuditedKind } from '../../events/audit-vocabulary.view';

/** One field that an event changed in its stream's state, with the values before and after. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One event of a speach's trail, with what it changed. */
export interface TrailEntry {
  position: number;
  stream: string;
  streamKind: AuditedKind;
  revision: number;
  type: string;
  time: string;
  userId: string | null;
  userName: string | null;
  changes: FieldChange[];
  data: Record<string, unknown>;
  /** The signer of a `SignatureApplied` (or `SignatureFailed`) as printed (§11.50): their name at that moment; the event carries only their id. */
  printedName?: string;
}

/** `GET api/v2/audit/speach/{id}/events`: one page of the trail, oldest first. */
export interface TrailPage {
  speachId: string;
  total: number;
  page: number;
  size: number;
  result: TrailEntry[];
}

/** A speach an auditor may pick. */
export interface AuditedSpeach {
  id: string;
  title: string;
  authorId: string;
  authorName: string | null;
  updatedAt: string;
  published: boolean;
  archived: boolean;
}

/** `GET api/v2/audit/speaches`: the speaches to audit, last changed first. */
export interface AuditedSpeachPage {
  total: number;
  result: AuditedSpeach[];
}

/** `GET api/v2/audit/speach/{id}`: the audited speach as it is now (the screen's heading). */
export type AuditSummary = Omit<AuditedSpeach, 'authorName' | 'updatedAt'>;

/** `GET api/v2/audit/chain`: the tamper evidence of the event log. */
export interface ChainReport {
  ok: boolean;
  verified: number;
  head: number;
  lastVerifiedPosition: number;
  /** The hash of the last verified link: the head the log is known good up to. */
  lastVerifiedHash: string;
  firstBroken: { position: number; expected: string; found: string | null } | null;
  /** Why the chain does not hold (a truncated log, a forged head...). */
  error?: string;
}

/**
 * `GET api/v2/audit/speach/{id}/state`: the speach's streams folded up to an instant or a position. Each state is
 * the one its decider folds (the auditor replays with the deciders' own `evolve`), answered as it is: `unknown` here.
 */
export interface StateAtView {
  speachId: string;
  at: string | null;
  position: number | null;
  speach: unknown;
  workflows: { workflowId: string; stream: string; state: unknown }[];
  periodicReview: unknown;
  ai: { stream: string; kind: AuditedKind; state: unknown }[];
  lastEvent: { position: number; type: string; time: string; stream: string };
}
