import { type NewEvent, type ReviewFrequency, REVIEW_FREQUENCIES, type WorkflowStep, uuidv7 } from '../../events';
import type { EventStore } from '../../backend/infrastructure/event-store/event-store.port';
import { addMonths, isDue } from '../../backend/workflow/periodic-review.decider';
import { event } from './identity';
import type { GeneratedIdentity } from './identity';
import { DAY, type GeneratedSpeach, WINDOW_DAYS } from './speaches';

export interface WorkflowCounts {
  workflows: number;
  validations: number;
  rejections: number;
  completed: number;
  cancelled: number;
  open: number;
  reviewsScheduled: number;
  reviewsCompleted: number;
}

/**
 * The validation workflow as the product writes it (workflow.service.ts and its deciders), for the
 * speaches marked `workflow` (one in ten): one default definition (`workflow-definition-{id}`, one
 * approver group, then a second step a year later: version 2), then per speach a submission by its
 * author (`workflow-{id}`), step validations by members of the step's group, a rejection now and
 * then (the author resubmits, or not yet), an administrator's cancellation now and then, workflows
 * still waiting for an approver, and on the last step
 * the completion, which publishes the speach (`SpeachPublished` on `speach-{id}`, same request) and
 * schedules its periodic review (`periodic-review-{speachId}`) when the approver chose one. The
 * administrator names the reviewers (`PeriodicReviewersAssigned`), and reviews that fell due before
 * now were decided. Workflows that would end after now are left open, awaiting their step.
 *
 * Appends go in three passes (workflows, then publications and reviewer assignments, then
 * reviews) so `$all` keeps each speach's causal order, as the product would have written it.
 */
export async function generateWorkflows(store: EventStore, identity: GeneratedIdentity, speaches: GeneratedSpeach[], now = Date.now()): Promise<WorkflowCounts> {
  let seed = 11;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pickOf = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const adminId = identity.userIds[0];
  // Step groups: the ones with approvers (users with the APPROVER role sit in the 26th and 33rd groups).
  const [stepOne, stepTwo] = [identity.groupIds[25 % identity.groupIds.length], identity.groupIds[32 % identity.groupIds.length]];
  const approvers = (groupId: string) => {
    const list = identity.members.get(groupId) ?? [];
    return list.length ? list : [adminId];
  };
  const windowStart = now - WINDOW_DAYS * DAY;
  const counts: WorkflowCounts = { workflows: 0, validations: 0, rejections: 0, completed: 0, cancelled: 0, open: 0, reviewsScheduled: 0, reviewsCompleted: 0 };

  // The definition: one step at first, two from a year into the window (version 2).
  const definitionId = uuidv7();
  const name = 'Quality review';
  const v2At = windowStart + 365 * DAY;
  const definitionStream = `workflow-definition-${definitionId}`;
  await store.appendToStream(
    definitionStream,
    [
      event('WorkflowDefinitionCreated', { definitionId, name, steps: [{ groupId: stepOne }], isDefault: true, categoryIds: [], version: 1 }, adminId, windowStart - 400 * DAY),
      event('WorkflowDefinitionChanged', { definitionId, name, steps: [{ groupId: stepOne }, { groupId: stepTwo }], isDefault: true, categoryIds: [], version: 2 }, adminId, v2At),
    ],
    { expectedRevision: 'no_stream' },
  );
  const groupName = (groupId: string) => `Group ${identity.groupIds.indexOf(groupId) + 1}`;

  const workflowAppends: [string, NewEvent[]][] = [];
  const publications: [string, NewEvent[]][] = [];
  const reviews: [string, NewEvent[]][] = [];
  for (const speach of speaches) {
    if (!speach.workflow) continue;
    counts.workflows++;
    const workflowId = uuidv7();
    const { speachId, authorId } = speach;
    const base = { workflowId, speachId };
    let at = speach.createdAt + DAY * (1 + random() * 4);
    const definitionVersion = at >= v2At ? 2 : 1;
    const groups = definitionVersion === 2 ? [stepOne, stepTwo] : [stepOne];
    const steps: WorkflowStep[] = groups.map((groupId, index) => ({ order: index + 1, groupId, groupName: groupName(groupId), userId: null, userName: null, role: null }));
    const regulatedGmp = random() < 0.2;
    const events: NewEvent[] = [
      event(
        'WorkflowSubmitted',
        { ...base, authorId, submittedBy: authorId, name, anonymous: false, definitionId, definitionVersion, steps, regulatedGmp, scheduledAt: null, at: new Date(at).toISOString() },
        authorId,
        at,
      ),
    ];
    const awaiting = (step: WorkflowStep) => ({ step: step.order, groupId: step.groupId, userId: step.userId });
    let step = 1;
    let done = false;
    let rounds = 0;
    const cancel = random() < 0.04;
    // Some wait for an approver (or for the author after a rejection) to this day.
    const stall = random() < 0.04;
    while (!done) {
      at += DAY * (0.2 + random() * 3);
      if (at >= now || (stall && step === steps.length)) {
        counts.open++;
        break;
      }
      if (cancel && step === steps.length) {
        events.push(event('WorkflowCancelled', { ...base, cancelledBy: adminId, at: new Date(at).toISOString() }, adminId, at));
        counts.cancelled++;
        break;
      }
      const approver = pickOf(approvers(steps[step - 1].groupId as string));
      if (rounds < 2 && random() < 0.15) {
        // Rejected: back to the author, who edits and resubmits (or not yet, near now).
        events.push(event('WorkflowRejected', { ...base, step, comment: 'Please fix the chapter titles and the quiz wording.', rejectedBy: approver, groupId: steps[step - 1].groupId, at: new Date(at).toISOString() }, approver, at));
        counts.rejections++;
        rounds++;
        at += DAY * (1 + random() * 6);
        if (at >= now || random() < 0.15) {
          counts.open++;
          break;
        }
        events.push(event('WorkflowResubmitted', { ...base, resubmittedBy: authorId, scheduledAt: null, at: new Date(at).toISOString(), awaiting: awaiting(steps[0]) }, authorId, at));
        step = 1;
        continue;
      }
      const last = step === steps.length;
      const correlation = uuidv7();
      const iso = new Date(at).toISOString();
      events.push(event('WorkflowStepValidated', { ...base, step, validatedBy: approver, groupId: steps[step - 1].groupId, at: iso, awaiting: last ? null : awaiting(steps[step]) }, approver, at, correlation));
      counts.validations++;
      if (!last) {
        step++;
        continue;
      }
      // The final dialog: publish now; a periodic review for GMP speaches and some others.
      const periodicReview = regulatedGmp || random() < 0.4 ? 'ON' : 'OFF';
      const frequency: ReviewFrequency | null = periodicReview === 'ON' ? (random() < 0.6 ? 'ONE_YEAR' : 'TWO_YEARS') : null;
      events.push(event('WorkflowCompleted', { ...base, periodicReview, frequency, delay: 'IMMEDIATELY', publishAt: null, completedBy: approver, at: iso }, approver, at, correlation));
      counts.completed++;
      done = true;
      speach.published = true;
      speach.publishedAt = at;
      const publication = [event('SpeachPublished', { speachId, version: 1, scheduledFor: null }, approver, at, correlation)];
      if (frequency) {
        // The administrator names the reviewers: the first step's group.
        publication.push(event('PeriodicReviewersAssigned', { speachId, userIds: [], groupIds: [stepOne] }, adminId, at + DAY));
        publications.push([`speach-${speachId}`, publication]);
        let nextReviewAt = addMonths(iso, REVIEW_FREQUENCIES[frequency]);
        const review = [event('PeriodicReviewScheduled', { speachId, frequency, nextReviewAt, workflowId }, approver, at, correlation)];
        counts.reviewsScheduled++;
        // Reviews that fell due (six months ahead) before now: decided a few weeks into the window.
        for (;;) {
          const dueFrom = Date.parse(addMonths(nextReviewAt, -6));
          const decidedAt = Math.max(dueFrom, at + 2 * DAY) + DAY * (5 + random() * 40);
          if (decidedAt >= now || !isDue(nextReviewAt, new Date(decidedAt).toISOString())) break;
          const reviewer = pickOf(approvers(stepOne));
          const roll = random();
          const decision = roll < 0.8 ? 'NO_REVISION' : roll < 0.95 ? 'REVISION_NEEDED' : 'ARCHIVE';
          const decidedIso = new Date(decidedAt).toISOString();
          const next = decision === 'NO_REVISION' ? addMonths(decidedIso, REVIEW_FREQUENCIES[frequency]) : null;
          review.push(event('PeriodicReviewCompleted', { speachId, decision, reviewedBy: reviewer, comment: decision === 'NO_REVISION' ? null : 'Out of date since the new procedure.', at: decidedIso, nextReviewAt: next }, reviewer, decidedAt));
          counts.reviewsCompleted++;
          if (!next) break;
          nextReviewAt = next;
          at = decidedAt;
        }
        reviews.push([`periodic-review-${speachId}`, review]);
      } else {
        // No review chosen: the product's Stop command on a speach never scheduled appends nothing.
        publications.push([`speach-${speachId}`, publication]);
      }
    }
    workflowAppends.push([`workflow-${workflowId}`, events]);
  }
  for (const pass of [workflowAppends, publications, reviews]) {
    for (let k = 0; k < pass.length; k += 256) {
      await Promise.all(pass.slice(k, k + 256).map(([stream, events]) => store.appendToStream(stream, events, { expectedRevision: stream.startsWith('speach-') ? 'any' : 'no_stream' })));
    }
  }
  return counts;
}
