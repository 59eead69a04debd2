import type { SignatureRecord, SpeachEvent, WorkflowEvent, WorkflowStep } from '../../events';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { speachDecider } from '../speach';
import { type WorkflowActor, type WorkflowCommand, mayDecide, workflowDecider } from './workflow.decider';

const NOW = '2026-11-23T10:00:00.000Z';
const LATER = '2026-12-01T08:00:00.000Z';
const w = 'wf1';
const s = 's1';
const author: WorkflowActor = { id: 'u-author', isAdmin: false, isAuthor: true, isApprover: true, groupIds: ['g-quality'] };
const quality: WorkflowActor = { id: 'u-quality', isAdmin: false, isAuthor: false, isApprover: true, groupIds: ['g-quality'] };
const legal: WorkflowActor = { id: 'u-legal', isAdmin: false, isAuthor: false, isApprover: true, groupIds: ['g-legal'] };
const outsider: WorkflowActor = { id: 'u-out', isAdmin: false, isAuthor: false, isApprover: true, groupIds: ['g-sales'] };
const admin: WorkflowActor = { id: 'u-admin', isAdmin: true, isAuthor: false, isApprover: false, groupIds: [] };
/** In step 1's group, without the APPROVER role. */
const qualityMember: WorkflowActor = { id: 'u-quality-member', isAdmin: false, isAuthor: false, isApprover: false, groupIds: ['g-quality'] };

/** The speach stream the submission is decided on: its author, one chapter. */
const speachCreated = (over: Partial<Extract<SpeachEvent, { type: 'SpeachCreated' }>['data']> = {}): SpeachEvent => ({
  type: 'SpeachCreated',
  data: {
    speachId: s,
    authorId: 'u-author',
    title: 'Safety',
    description: '',
    language: 'en-US',
    categoryId: null,
    isTemplate: false,
    templateId: null,
    duplicatedFrom: null,
    chapters: [],
    ...over,
  },
});
const firstChapter: SpeachEvent = { type: 'ChapterAdded', data: { speachId: s, chapterId: 'c1', parentId: null, title: 'c1', position: 0 } };
const speachOf = (events: SpeachEvent[] = [speachCreated(), firstChapter]) => events.reduce(speachDecider.evolve, speachDecider.initialState());

const groupSteps: WorkflowStep[] = [
  { order: 1, groupId: 'g-quality', groupName: 'Quality', userId: null, userName: null, role: null },
  { order: 2, groupId: 'g-legal', groupName: 'Legal', userId: null, userName: null, role: null },
];
const submit = (over: Partial<Extract<WorkflowCommand, { type: 'Submit' }>> = {}): WorkflowCommand => ({
  type: 'Submit',
  workflowId: w,
  actor: author,
  now: NOW,
  speachId: s,
  speach: speachOf(),
  openWorkflowId: null,
  name: 'Two steps',
  anonymous: false,
  definitionId: 'd1',
  definitionVersion: 3,
  steps: groupSteps,
  regulatedGmp: false,
  scheduledAt: null,
  ...over,
});
const submitted = (over: Partial<Extract<WorkflowEvent, { type: 'WorkflowSubmitted' }>['data']> = {}): WorkflowEvent => ({
  type: 'WorkflowSubmitted',
  data: {
    workflowId: w,
    speachId: s,
    authorId: author.id,
    submittedBy: author.id,
    name: 'Two steps',
    anonymous: false,
    definitionId: 'd1',
    definitionVersion: 3,
    steps: groupSteps,
    regulatedGmp: false,
    scheduledAt: null,
    at: NOW,
    ...over,
  },
});
const validated = (
  step: number,
  by: WorkflowActor,
  groupId: string | null,
  awaiting: { step: number; groupId: string | null; userId: string | null } | null = step === 1 ? { step: 2, groupId: 'g-legal', userId: null } : null,
): WorkflowEvent => ({
  type: 'WorkflowStepValidated',
  data: { workflowId: w, speachId: s, step, validatedBy: by.id, groupId, at: NOW, awaiting },
});
const rejected = (step: number, by: WorkflowActor, groupId: string | null, comment = 'Fix the intro'): WorkflowEvent => ({
  type: 'WorkflowRejected',
  data: { workflowId: w, speachId: s, step, comment, rejectedBy: by.id, groupId, at: NOW },
});
const validate = (actor: WorkflowActor, final = {}, periodicReviewEnabled = true, signature: SignatureRecord | null = null): WorkflowCommand => ({
  type: 'Validate',
  workflowId: w,
  actor,
  now: NOW,
  final,
  periodicReviewEnabled,
  signature,
});
const reject = (actor: WorkflowActor, comment: string, signature: SignatureRecord | null = null): WorkflowCommand => ({
  type: 'Reject',
  workflowId: w,
  actor,
  now: NOW,
  comment,
  signature,
});
const finalOk = { periodicReview: 'ON', frequency: 'TWO_YEARS', delay: 'IMMEDIATELY' };
const completed = (over: Partial<Extract<WorkflowEvent, { type: 'WorkflowCompleted' }>['data']> = {}): WorkflowEvent => ({
  type: 'WorkflowCompleted',
  data: {
    workflowId: w,
    speachId: s,
    periodicReview: 'ON',
    frequency: 'TWO_YEARS',
    delay: 'IMMEDIATELY',
    publishAt: null,
    completedBy: legal.id,
    at: NOW,
    ...over,
  },
});

describe('workflow decider', () => {
  const spec = deciderSpec(workflowDecider);

  describe('submission', () => {
    it('given nothing, when an editor submits, then the definition snapshot is recorded', () => {
      spec.given([]).when(submit()).then([submitted()]);
    });
    it('keeps a requested publication date, refuses one in the past', () => {
      spec
        .given([])
        .when(submit({ scheduledAt: LATER }))
        .then([submitted({ scheduledAt: LATER })]);
      spec
        .given([])
        .when(submit({ scheduledAt: '2020-01-01T00:00:00.000Z' }))
        .thenThrows(ValidationError, /future/);
    });
    it("decides on the speach stream's own state: the speach decider's rules for a publication, one open workflow at a time", () => {
      spec
        .given([])
        .when(submit({ speach: speachOf([speachCreated({ isTemplate: true }), firstChapter]) }))
        .thenThrows(IllegalStateError, /template/);
      spec
        .given([])
        .when(submit({ speach: speachOf([speachCreated()]) }))
        .thenThrows(ValidationError, /chapter/);
      spec
        .given([])
        .when(submit({ speach: speachOf([speachCreated(), firstChapter, { type: 'SpeachArchived', data: { speachId: s } }]) }))
        .thenThrows(IllegalStateError, /archived/);
      spec
        .given([])
        .when(submit({ speach: speachDecider.initialState() }))
        .thenThrows(NotFoundError);
      spec
        .given([])
        .when(submit({ openWorkflowId: 'wf0' }))
        .thenThrows(IllegalStateError, /already in a validation workflow/);
    });
    it("takes the author from the speach stream: a co-editor or an admin submits the author's speach", () => {
      const coEdited = speachOf([speachCreated(), firstChapter, { type: 'SpeachCoEditorsChanged', data: { speachId: s, userIds: [legal.id] } }]);
      spec
        .given([])
        .when(submit({ actor: { ...legal, isAuthor: true }, speach: coEdited }))
        .then([submitted({ submittedBy: legal.id })]);
      spec
        .given([])
        .when(submit({ actor: admin }))
        .then([submitted({ submittedBy: admin.id })]);
      spec
        .given([])
        .when(submit({ actor: legal, speach: coEdited }))
        .thenThrows(ForbiddenError);
    });
    it('refuses a user who may not edit the speach (403), a second submission (409) and no steps (400)', () => {
      spec
        .given([])
        .when(submit({ actor: outsider }))
        .thenThrows(ForbiddenError);
      spec
        .given([submitted()])
        .when(submit())
        .thenThrows(IllegalStateError, /already submitted/);
      spec
        .given([])
        .when(submit({ steps: [] }))
        .thenThrows(ValidationError, /at least one step/);
    });
    it('records an anonymous workflow with the ordered approvers and their trimmed roles', () => {
      const people: WorkflowStep[] = [
        { order: 9, groupId: null, groupName: null, userId: 'u-legal', userName: 'Lea Legal', role: '  Lawyer ' },
        { order: 1, groupId: null, groupName: null, userId: 'u-quality', userName: 'Quentin Q', role: '   ' },
      ];
      spec
        .given([])
        .when(submit({ anonymous: true, definitionId: null, definitionVersion: null, name: 'Anonymous workflow', steps: people }))
        .thenEvents(([event]) => {
          expect(event.type).toBe('WorkflowSubmitted');
          const data = event.data as Extract<WorkflowEvent, { type: 'WorkflowSubmitted' }>['data'];
          expect(data.anonymous).toBe(true);
          expect(data.steps).toEqual([
            { order: 1, groupId: null, groupName: null, userId: 'u-legal', userName: 'Lea Legal', role: 'Lawyer' },
            { order: 2, groupId: null, groupName: null, userId: 'u-quality', userName: 'Quentin Q', role: null },
          ]);
        });
    });
    it('refuses an anonymous workflow naming the author or the same approver twice', () => {
      const step = (userId: string): WorkflowStep => ({ order: 1, groupId: null, groupName: null, userId, userName: userId, role: null });
      spec
        .given([])
        .when(submit({ anonymous: true, steps: [step(author.id)] }))
        .thenThrows(ValidationError, /own speach/);
      spec
        .given([])
        .when(submit({ anonymous: true, steps: [step('u-legal'), step('u-legal')] }))
        .thenThrows(ValidationError, /twice/);
    });
  });

  describe('validation', () => {
    it('given a submitted workflow, when a member of step 1 validates, then step 1 is validated', () => {
      spec
        .given([submitted()])
        .when(validate(quality))
        .then([validated(1, quality, 'g-quality')]);
    });
    it('given step 1 validated, when step 2 validates with the final choices, then the workflow completes', () => {
      spec
        .given([submitted(), validated(1, quality, 'g-quality')])
        .when(validate(legal, finalOk))
        .then([validated(2, legal, 'g-legal'), completed()]);
    });
    it('refuses someone who is not an approver of the current step (403)', () => {
      spec
        .given([submitted()])
        .when(validate(legal))
        .thenThrows(ForbiddenError, /not an approver/);
      spec.given([submitted()]).when(validate(outsider)).thenThrows(ForbiddenError);
      spec.given([submitted()]).when(validate(admin)).thenThrows(ForbiddenError);
    });
    it("refuses a member of the step's group who does not hold the APPROVER role (issue #16, spec §6)", () => {
      spec
        .given([submitted()])
        .when(validate(qualityMember))
        .thenThrows(ForbiddenError, /not an approver/);
      spec
        .given([submitted()])
        .when({ type: 'Reject', workflowId: w, actor: qualityMember, now: NOW, comment: 'no', signature: null })
        .thenThrows(ForbiddenError, /not an approver/);
    });
    it('refuses the author validating their own speach, even as a member of the group (403)', () => {
      spec
        .given([submitted()])
        .when(validate(author))
        .thenThrows(ForbiddenError, /own speach/);
    });
    it('refuses a completed or cancelled workflow (409) and an unknown one (404)', () => {
      spec
        .given([submitted(), validated(1, quality, 'g-quality'), validated(2, legal, 'g-legal'), completed()])
        .when(validate(legal, finalOk))
        .thenThrows(IllegalStateError, /completed/);
      spec
        .given([submitted(), { type: 'WorkflowCancelled', data: { workflowId: w, speachId: s, cancelledBy: admin.id, at: NOW } }])
        .when(validate(quality))
        .thenThrows(IllegalStateError, /cancelled/);
      spec.given([]).when(validate(quality)).thenThrows(NotFoundError);
    });
    it('refuses to validate a rejected workflow until it is resubmitted (409)', () => {
      spec
        .given([submitted(), rejected(1, quality, 'g-quality')])
        .when(validate(quality))
        .thenThrows(IllegalStateError, /resubmit/);
    });
    it('lets only the named user validate a step of an anonymous workflow', () => {
      const steps: WorkflowStep[] = [{ order: 1, groupId: null, groupName: null, userId: 'u-legal', userName: 'Lea', role: 'Lawyer' }];
      spec
        .given([submitted({ anonymous: true, steps })])
        .when(validate(quality))
        .thenThrows(ForbiddenError);
      spec
        .given([submitted({ anonymous: true, steps })])
        .when(validate(legal, finalOk))
        .then([validated(1, legal, null, null), completed()]);
    });
  });

  describe('final validation dialog', () => {
    const atLast = [submitted({ scheduledAt: LATER }), validated(1, quality, 'g-quality')];
    it('publishes on the scheduled date, now, or a new date', () => {
      spec
        .given(atLast)
        .when(validate(legal, { ...finalOk, delay: 'SCHEDULED' }))
        .then([validated(2, legal, 'g-legal'), completed({ delay: 'SCHEDULED', publishAt: LATER })]);
      spec
        .given(atLast)
        .when(validate(legal, { ...finalOk, delay: 'NEW_DATE', date: '2027-02-01T09:00:00.000Z' }))
        .then([validated(2, legal, 'g-legal'), completed({ delay: 'NEW_DATE', publishAt: '2027-02-01T09:00:00.000Z' })]);
    });
    it('answers 400 for NEW_DATE without a date, or with a past date', () => {
      spec
        .given(atLast)
        .when(validate(legal, { ...finalOk, delay: 'NEW_DATE' }))
        .thenThrows(ValidationError, /NEW_DATE needs a date/);
      spec
        .given(atLast)
        .when(validate(legal, { ...finalOk, delay: 'NEW_DATE', date: '2020-01-01' }))
        .thenThrows(ValidationError, /future/);
    });
    it('refuses SCHEDULED when the scheduled date has expired or none was asked', () => {
      const expired = [submitted({ scheduledAt: '2026-11-01T00:00:00.000Z' }), validated(1, quality, 'g-quality')];
      spec
        .given(expired)
        .when(validate(legal, { ...finalOk, delay: 'SCHEDULED' }))
        .thenThrows(ValidationError, /expired/);
      spec
        .given([submitted(), validated(1, quality, 'g-quality')])
        .when(validate(legal, { ...finalOk, delay: 'SCHEDULED' }))
        .thenThrows(ValidationError, /No publication date/);
    });
    it('needs a periodic review choice and a frequency when ON; OFF completes without a review', () => {
      spec
        .given(atLast)
        .when(validate(legal, { delay: 'IMMEDIATELY' }))
        .thenThrows(ValidationError, /periodicReview/);
      spec
        .given(atLast)
        .when(validate(legal, { periodicReview: 'ON', delay: 'IMMEDIATELY' }))
        .thenThrows(ValidationError, /frequency/);
      spec
        .given(atLast)
        .when(validate(legal, { periodicReview: 'OFF', delay: 'IMMEDIATELY' }))
        .then([validated(2, legal, 'g-legal'), completed({ periodicReview: 'OFF', frequency: null })]);
    });
    it('forces the periodic review ON for a GMP-regulated speach', () => {
      const gmp = [submitted({ regulatedGmp: true }), validated(1, quality, 'g-quality')];
      spec
        .given(gmp)
        .when(validate(legal, { periodicReview: 'OFF', delay: 'IMMEDIATELY' }))
        .thenThrows(ValidationError, /GMP/);
    });
    it('ignores the periodic review when the feature is off', () => {
      spec
        .given(atLast)
        .when(validate(legal, { delay: 'IMMEDIATELY' }, false))
        .then([validated(2, legal, 'g-legal'), completed({ periodicReview: 'OFF', frequency: null })]);
    });
    it('does not read the dialog before the last step', () => {
      spec
        .given([submitted()])
        .when(validate(quality, { delay: 'NEW_DATE' }))
        .then([validated(1, quality, 'g-quality')]);
    });
  });

  describe('rejection and resubmission', () => {
    it('given step 1 validated, when step 2 rejects with a comment, then the workflow is rejected at step 2', () => {
      spec
        .given([submitted(), validated(1, quality, 'g-quality')])
        .when(reject(legal, '  Fix the intro '))
        .then([rejected(2, legal, 'g-legal')]);
      const state = [submitted(), validated(1, quality, 'g-quality'), rejected(2, legal, 'g-legal')].reduce(
        workflowDecider.evolve,
        workflowDecider.initialState(),
      );
      expect(state).toEqual(
        expect.objectContaining({ status: 'REJECTED', currentStep: 2, rejection: expect.objectContaining({ step: 2, comment: 'Fix the intro' }) }),
      );
    });
    it('answers 400 to a rejection without a comment and 403 to a non-approver or the author', () => {
      spec
        .given([submitted()])
        .when(reject(quality, '   '))
        .thenThrows(ValidationError, /comment/);
      spec.given([submitted()]).when(reject(legal, 'No')).thenThrows(ForbiddenError);
      spec
        .given([submitted()])
        .when(reject(author, 'No'))
        .thenThrows(ForbiddenError, /own speach/);
    });
    it('given a rejection, when the author resubmits, then validation starts again at step 1', () => {
      const given = [submitted(), validated(1, quality, 'g-quality'), rejected(2, legal, 'g-legal')];
      const resubmitted: WorkflowEvent = {
        type: 'WorkflowResubmitted',
        data: {
          workflowId: w,
          speachId: s,
          resubmittedBy: author.id,
          scheduledAt: null,
          at: NOW,
          awaiting: { step: 1, groupId: 'g-quality', userId: null },
        },
      };
      spec.given(given).when({ type: 'Resubmit', workflowId: w, actor: author, now: NOW, speach: speachOf() }).then([resubmitted]);
      const state = [...given, resubmitted].reduce(workflowDecider.evolve, workflowDecider.initialState());
      expect(state).toEqual(expect.objectContaining({ status: 'AWAITING_VALIDATION', currentStep: 1, validatedSteps: [], rejection: null }));
      spec
        .given([...given, resubmitted])
        .when(validate(quality))
        .then([validated(1, quality, 'g-quality')]);
    });
    it('refuses a resubmission by a non-editor (403) or of a workflow that is not rejected (409)', () => {
      spec
        .given([submitted(), rejected(1, quality, 'g-quality')])
        .when({ type: 'Resubmit', workflowId: w, actor: outsider, now: NOW, speach: speachOf() })
        .thenThrows(ForbiddenError);
      spec
        .given([submitted()])
        .when({ type: 'Resubmit', workflowId: w, actor: author, now: NOW, speach: speachOf() })
        .thenThrows(IllegalStateError, /rejected/);
    });
  });

  describe('mayDecide, the rule the cards and the workflow screen ask on the read model', () => {
    const wf = { authorId: author.id, steps: groupSteps, currentStep: 1 };
    it('is true for an approver of the current step only, never the author nor a group member without the role', () => {
      expect(mayDecide(wf, quality)).toBe(true);
      expect(mayDecide(wf, legal)).toBe(false);
      expect(mayDecide({ ...wf, currentStep: 2 }, legal)).toBe(true);
      expect(mayDecide(wf, author)).toBe(false);
      expect(mayDecide(wf, qualityMember)).toBe(false);
    });
    it('agrees with the decider: whom it accepts may validate, whom it refuses gets 403', () => {
      spec
        .given([submitted()])
        .when(validate(quality))
        .then([validated(1, quality, 'g-quality')]);
      spec.given([submitted()]).when(validate(legal)).thenThrows(ForbiddenError);
    });
  });

  describe('cancellation', () => {
    const cancelled: WorkflowEvent = { type: 'WorkflowCancelled', data: { workflowId: w, speachId: s, cancelledBy: admin.id, at: NOW } };
    it('given validated steps, when an admin cancels, then the workflow is cancelled regardless', () => {
      spec
        .given([submitted(), validated(1, quality, 'g-quality')])
        .when({ type: 'Cancel', workflowId: w, actor: admin, now: NOW })
        .then([cancelled]);
      spec
        .given([submitted(), rejected(1, quality, 'g-quality')])
        .when({ type: 'Cancel', workflowId: w, actor: admin, now: NOW })
        .then([cancelled]);
    });
    it('refuses a non-admin (403) and a finished workflow (409)', () => {
      spec.given([submitted()]).when({ type: 'Cancel', workflowId: w, actor: author, now: NOW }).thenThrows(ForbiddenError);
      spec
        .given([submitted(), cancelled])
        .when({ type: 'Cancel', workflowId: w, actor: admin, now: NOW })
        .thenThrows(IllegalStateError, /cancelled/);
      spec
        .given([submitted(), validated(1, quality, 'g-quality'), validated(2, legal, 'g-legal'), completed()])
        .when({ type: 'Cancel', workflowId: w, actor: admin, now: NOW })
        .thenThrows(IllegalStateError, /completed/);
    });
  });
});

describe('speach decider under the workflow', () => {
  const spec = deciderSpec(speachDecider);
  const created: SpeachEvent = {
    type: 'SpeachCreated',
    data: {
      speachId: s,
      authorId: 'u-author',
      title: 'Safety',
      description: '',
      language: 'en-US',
      categoryId: null,
      isTemplate: false,
      templateId: null,
      duplicatedFrom: null,
      chapters: [],
    },
  };
  const chapter: SpeachEvent = { type: 'ChapterAdded', data: { speachId: s, chapterId: 'c1', parentId: null, title: 'c1', position: 0 } };
  it('refuses an author publishing directly while the workflow is required (409); an admin still may', () => {
    const authorActor = { id: 'u-author', isAdmin: false, isAuthor: true, groupIds: [] };
    spec
      .given([created, chapter])
      .when({ type: 'Publish', speachId: s, actor: authorActor, at: null, now: NOW, workflowRequired: true })
      .thenThrows(IllegalStateError, /submit this speach/);
    spec
      .given([created, chapter])
      .when({ type: 'Publish', speachId: s, actor: { ...authorActor, id: 'u-admin', isAdmin: true }, at: null, now: NOW, workflowRequired: true })
      .then([{ type: 'SpeachPublished', data: { speachId: s, version: 1, scheduledFor: null } }]);
  });
});
