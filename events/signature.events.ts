import { createHash } from 'node:crypto';
import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';
import type { ChapterContent } from './speach.events';
import type { AwaitedApprover } from './workflow.events';

/**
 * Electronic signatures (21 CFR Part 11 §11.50, §11.70, §11.200): what a signature means is part of
 * the record, and a signature is bound to the content hash of the exact version signed.
 */
export { SIGNATURE_MEANINGS, type SignatureMeaning } from './workflow-vocabulary.view';
import type { SignatureMeaning } from './workflow-vocabulary.view';

/**
 * The manifestation of a signature (§11.50): who, what it means, when (with the signer's time zone), on which content.
 * The printed name is not in it: a name is personal data, kept on the user's own stream; every screen and export
 * prints the signer's name as it was at `signedAt` (the `signer-names` read model), so the record still shows it.
 */
export type SignatureRecord = {
  signatureId: string;
  signerId: string;
  meaning: SignatureMeaning;
  reason: string | null;
  signedAt: string;
  /** IANA zone the signer signed in (e.g. Europe/Paris): the record shows local date-time with its zone. */
  timeZone: string;
  /** speachContentHash of the content signed. */
  contentHash: string;
  /** The speach version signed: the version to be published for an approval, the version read for a completion. */
  version: number;
  /**
   * The session that signed (the SHA-256 of its token, as on `session-…` streams, never the token): its
   * next signatures ask the password only (§11.200(a)(1)(i)). Read models of the record leave it out.
   */
  sessionId?: string;
};

/**
 * Appended in the same append as the decision it signs, to the stream of that decision
 * (`workflow-…` for approvals and rejections, `periodic-review-…` for reviews, `learner-…` for completions).
 * Schema 2: without `printedName` (schema 1 carried it; the upcaster drops it on read).
 */
export type SignatureApplied = DomainEvent<'SignatureApplied', { speachId: string } & SignatureRecord>;

/** A signature as shown (§11.50): the record with the signer's name as it was when they signed. */
export type PrintedSignature<R extends Pick<SignatureRecord, 'signerId' | 'signedAt'> = SignatureRecord> = R & { printedName: string };

/**
 * A signature attempt with a wrong password or e-mail (stream `signature-failures-{speachId}`), kept for
 * the audit trail. Never the password or the e-mail typed: only who tried, for which meaning, and why it failed.
 */
export type SignatureFailed = DomainEvent<
  'SignatureFailed',
  { speachId: string; signerId: string; meaning: SignatureMeaning; cause: 'wrong password' | 'wrong email'; at: string }
>;
export type SignatureFailureEvent = SignatureFailed;
export const signatureFailureStream = (speachId: string) => `signature-failures-${speachId}`;

export const APPROVALS_REVOKED_REASON = 'content changed after approval';

/**
 * Stream `workflow-{workflowId}`: the speach's content changed after steps were validated; those
 * approvals no longer hold and validation starts again at step 1.
 */
export type ApprovalsRevoked = DomainEvent<
  'ApprovalsRevoked',
  {
    workflowId: string;
    speachId: string;
    reason: typeof APPROVALS_REVOKED_REASON;
    revokedSteps: number[];
    /** The content hash the revoked approvals were signed on. */
    approvedContentHash: string | null;
    /** The speach event that changed the content (its id). */
    changeEventId: string;
    /** Who validates again: step 1's group or named approver (told by a notification). */
    awaiting: AwaitedApprover;
    at: string;
  }
>;

/** Stream `learner-{userId}`: a learner signed the completion of a regulated speach (meaning `trained`). */
export type TrainingCompleted = DomainEvent<'TrainingCompleted', { speachId: string; userId: string; version: number; contentHash: string; at: string }>;

/** One chapter as hashed: reading order is part of the content, so the list order matters. */
export interface HashedChapter {
  chapterId: string;
  parentId: string | null;
  title: string;
  content: ChapterContent;
}

/** JSON with object keys sorted at every level: the same content always gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The content hash a signature binds to: sha256 over the title and the chapters (tree, titles,
 * contents) in reading order, prefixed with its algorithm so it can change later without ambiguity.
 */
export function speachContentHash(title: string, chapters: HashedChapter[]): string {
  const body = canonical({ title, chapters: chapters.map((c) => ({ chapterId: c.chapterId, parentId: c.parentId, title: c.title, content: c.content })) });
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

for (const type of ['SignatureFailed', 'ApprovalsRevoked', 'TrainingCompleted']) {
  registerEventType(type, 1);
}
registerEventType('SignatureApplied', 2, {
  // The name schema 1 printed into the event stays in the stored log (it can't be rewritten) but no reader sees it.
  1: ({ printedName: _printedName, ...rest }) => rest,
});
