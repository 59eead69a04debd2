import { APPROVALS_REVOKED_REASON, type SignatureRecord, type WorkflowEvent, type WorkflowStep } from '../../events';
import { IllegalStateError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { periodicReviewDecider } from './periodic-review.decider';
import { type WorkflowActor, type WorkflowCommand, workflowDecider } from './workflow.decider';

const NOW = '2026-11-23T10:00:00.000Z';
const w = 'wf1';
const s = 's1';
const HASH = 'sha256:aaa';
const OTHER = 'sha256:bbb';
const quality: WorkflowActor = { id: 'u-quality', isAdmin: false, isAuthor: false, isApprover: true, groupIds: ['g-quality'] };
const legal: WorkflowActor = { id: 'u-legal', isAdmin: false, isAuthor: false, isApprover: true, groupIds: ['g-legal'] };
const steps: WorkflowStep[] = [
  { order: 1, groupId: 'g-quality', groupName: 'Quality', userId: null, userName: null, role: null },
  { order: 2, groupId: 'g-legal', groupName: 'Legal', userId: null, userName: null, role: null },
];
const submitted = (regulatedGmp: boolean): WorkflowEvent => ({
  type: 'WorkflowSubmitted',
  data: {
    workflowId: w,
    speachId: s,
    authorId: 'u-author',
    submittedBy: 'u-author',
    name: 'Two steps',
    anonymous: false,
    definitionId: 'd1',
    definitionVersion: 1,
    steps,
    regulatedGmp,
    scheduledAt: null,
    at: NOW,
  },
});
const signature = (by: WorkflowActor, meaning: SignatureRecord['meaning'], contentHash = HASH, reason: string | null = null): SignatureRecord => ({
  signatureId: `sig-${by.id}-${meaning}`,
  signerId: by.id,
  meaning,
  reason,
  signedAt: NOW,
  timeZone: 'Europe/Paris',
  contentHash,
  version: 1,
});
const applied = (record: SignatureRecord): WorkflowEvent => ({ type: 'SignatureApplied', data: { speachId: s, ...record } });
const validated = (step: number, by: WorkflowActor): WorkflowEvent => ({
  type: 'WorkflowStepValidated',
  data: {
    workflowId: w,
    speachId: s,
    step,
    validatedBy: by.id,
    groupId: step === 1 ? 'g-quality' : 'g-legal',
    at: NOW,
    awaiting: step === 1 ? { step: 2, groupId: 'g-legal', userId: null } : null,
  },
});
const validate = (actor: WorkflowActor, sig: SignatureRecord | null): WorkflowCommand => ({
  type: 'Validate',
  workflowId: w,
  actor,
  now: NOW,
  final: {},
  periodicReviewEnabled: true,
  signature: sig,
});
const revoke = (contentHash: string): WorkflowCommand => ({
  type: 'RevokeApprovals',
  workflowId: w,
  actor: { id: 'system', isAdmin: true, isAuthor: false, isApprover: false, groupIds: [] },
  now: NOW,
  contentHash,
  changeEventId: 'e-edit',
});

describe('workflow decider: electronic signatures (issue 23)', () => {
  const spec = deciderSpec(workflowDecider);

  it('given a regulated workflow, when the approver validates with a signature, then the signature and the validation are one decision', () => {
    const sig = signature(quality, 'approved');
    spec
      .given([submitted(true)])
      .when(validate(quality, sig))
      .then([applied(sig), validated(1, quality)]);
  });
  it('refuses an unsigned decision on a regulated workflow (400 naming signature)', () => {
    spec
      .given([submitted(true)])
      .when(validate(quality, null))
      .thenThrows(ValidationError, /electronic signature/);
    spec
      .given([submitted(true)])
      .when({ type: 'Reject', workflowId: w, actor: quality, now: NOW, comment: 'no', signature: null })
      .thenThrows(ValidationError, /electronic signature/);
  });
  it("refuses a signature whose meaning is not the decision's (400 naming signature.meaning)", () => {
    spec
      .given([submitted(true)])
      .when(validate(quality, signature(quality, 'rejected', HASH, 'no')))
      .thenThrows(ValidationError, /meaning of this signature is approved/);
  });
  it('given a non-regulated workflow, an unsigned validation is enough', () => {
    spec
      .given([submitted(false)])
      .when(validate(quality, null))
      .then([validated(1, quality)]);
  });
  it('signs a rejection with its reason', () => {
    const sig = signature(quality, 'rejected', HASH, 'Wrong temperature');
    spec
      .given([submitted(true)])
      .when({ type: 'Reject', workflowId: w, actor: quality, now: NOW, comment: 'Wrong temperature', signature: sig })
      .then([
        applied(sig),
        {
          type: 'WorkflowRejected',
          data: { workflowId: w, speachId: s, step: 1, comment: 'Wrong temperature', rejectedBy: quality.id, groupId: 'g-quality', at: NOW },
        },
      ]);
  });
  it('refuses an approval signed on other content than the approvals already given in the round (409): a signature is not reused for another version', () => {
    const first = signature(quality, 'approved');
    spec
      .given([submitted(true), applied(first), validated(1, quality)])
      .when(validate(legal, signature(legal, 'approved', OTHER)))
      .thenThrows(IllegalStateError, /other content/);
  });

  describe('approvals follow the content', () => {
    it('given validated steps, when the content changes, then the approvals are revoked and validation starts again at step 1', () => {
      const first = signature(quality, 'approved');
      spec
        .given([submitted(true), applied(first), validated(1, quality)])
        .when(revoke(OTHER))
        .then([
          {
            type: 'ApprovalsRevoked',
            data: {
              workflowId: w,
              speachId: s,
              reason: APPROVALS_REVOKED_REASON,
              revokedSteps: [1],
              approvedContentHash: HASH,
              changeEventId: 'e-edit',
              awaiting: { step: 1, groupId: 'g-quality', userId: null },
              at: NOW,
            },
          },
        ]);
    });
    it('after the revocation the first step approves again, on the new content', () => {
      const first = signature(quality, 'approved');
      const again = signature(quality, 'approved', OTHER);
      const revoked: WorkflowEvent = {
        type: 'ApprovalsRevoked',
        data: {
          workflowId: w,
          speachId: s,
          reason: APPROVALS_REVOKED_REASON,
          revokedSteps: [1],
          approvedContentHash: HASH,
          changeEventId: 'e-edit',
          awaiting: { step: 1, groupId: 'g-quality', userId: null },
          at: NOW,
        },
      };
      spec
        .given([submitted(true), applied(first), validated(1, quality), revoked])
        .when(validate(quality, again))
        .then([applied(again), validated(1, quality)]);
      spec
        .given([submitted(true), applied(first), validated(1, quality), revoked])
        .when(validate(legal, signature(legal, 'approved', OTHER)))
        .thenThrows(Error, /not an approver/);
    });
    it('revokes nothing when no step was validated, when the content is back to what was signed, or after completion', () => {
      spec
        .given([submitted(true)])
        .when(revoke(OTHER))
        .then([]);
      spec
        .given([submitted(true), applied(signature(quality, 'approved')), validated(1, quality)])
        .when(revoke(HASH))
        .then([]);
      spec
        .given([
          submitted(false),
          validated(1, quality),
          validated(2, legal),
          {
            type: 'WorkflowCompleted',
            data: {
              workflowId: w,
              speachId: s,
              periodicReview: 'OFF',
              frequency: null,
              delay: 'IMMEDIATELY',
              publishAt: null,
              completedBy: legal.id,
              at: NOW,
            },
          },
        ])
        .when(revoke(OTHER))
        .then([]);
    });
    it('revokes unsigned approvals of a non-regulated workflow on any material change', () => {
      spec
        .given([submitted(false), validated(1, quality)])
        .when(revoke(OTHER))
        .then([
          {
            type: 'ApprovalsRevoked',
            data: {
              workflowId: w,
              speachId: s,
              reason: APPROVALS_REVOKED_REASON,
              revokedSteps: [1],
              approvedContentHash: null,
              changeEventId: 'e-edit',
              awaiting: { step: 1, groupId: 'g-quality', userId: null },
              at: NOW,
            },
          },
        ]);
    });
  });
});

describe('periodic review decider: signed reviews (issue 23)', () => {
  const spec = deciderSpec(periodicReviewDecider);
  const reviewer = { id: 'u-rev', groupIds: [] as string[], isApprover: true };
  const due = {
    type: 'PeriodicReviewScheduled' as const,
    data: { speachId: s, frequency: 'TWO_YEARS' as const, nextReviewAt: '2027-02-01T00:00:00.000Z', workflowId: w },
  };
  const decide = (regulated: boolean, sig: SignatureRecord | null) => ({
    type: 'Decide' as const,
    speachId: s,
    actor: reviewer,
    reviewerUserIds: ['u-rev'],
    reviewerGroupIds: [],
    decision: 'NO_REVISION',
    comment: null,
    now: NOW,
    regulated,
    signature: sig,
  });
  const sig: SignatureRecord = { ...signature(quality, 'reviewed'), signerId: 'u-rev' };

  it('given a due review of a regulated speach, when the reviewer decides with a signature, then both are one decision', () => {
    spec
      .given([due])
      .when(decide(true, sig))
      .then([
        { type: 'SignatureApplied', data: { speachId: s, ...sig } },
        {
          type: 'PeriodicReviewCompleted',
          data: { speachId: s, decision: 'NO_REVISION', reviewedBy: 'u-rev', comment: null, at: NOW, nextReviewAt: '2028-11-23T10:00:00.000Z' },
        },
      ]);
  });
  it('refuses an unsigned review of a regulated speach and a signature of another meaning (400)', () => {
    spec
      .given([due])
      .when(decide(true, null))
      .thenThrows(ValidationError, /electronic signature/);
    spec
      .given([due])
      .when(decide(true, { ...sig, meaning: 'approved' }))
      .thenThrows(ValidationError, /reviewed/);
  });
});
