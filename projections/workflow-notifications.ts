import type { AwaitedApprover, WorkflowEvent } from '../events';
import { admins, groupApprovers, notify, speachEditors } from './notifications.projection';
import type { ProjectionHandler, ProjectionWriter } from './projection';

type Handler = (event: Parameters<ProjectionHandler>[0], writer: ProjectionWriter) => Promise<void>;

async function approvers(writer: ProjectionWriter, awaiting: AwaitedApprover | null): Promise<string[]> {
  if (!awaiting) return [];
  if (awaiting.userId) return [awaiting.userId];
  return awaiting.groupId ? groupApprovers(writer, [awaiting.groupId]) : [];
}

const data = (event: Parameters<ProjectionHandler>[0]) => event.data as unknown as WorkflowEvent['data'];

/** The next approvers are told there is a speach to validate (the author never is, being the actor or not an approver). */
const toValidate: Handler = async (event, writer) => {
  const e = event as unknown as WorkflowEvent;
  let awaiting: AwaitedApprover | null = null;
  if (e.type === 'WorkflowSubmitted') awaiting = { step: 1, groupId: e.data.steps[0]?.groupId ?? null, userId: e.data.steps[0]?.userId ?? null };
  if (e.type === 'WorkflowStepValidated' || e.type === 'WorkflowResubmitted') awaiting = e.data.awaiting;
  const users = (await approvers(writer, awaiting)).filter((id) => !('authorId' in e.data) || id !== e.data.authorId);
  await notify(writer, event, {
    userIds: users,
    type: 'SPEACH_TO_VALIDATE',
    rule: 'approver',
    speachId: data(event).speachId,
    data: { step: awaiting?.step ?? null },
  });
};

/**
 * Notifications raised by workflow and periodic-review events. The notifications projection spreads
 * these handlers into its own; the workflow context owns this file.
 */
export const workflowNotificationHandlers: Record<string, ProjectionHandler> = {
  WorkflowSubmitted: toValidate,
  WorkflowResubmitted: toValidate,
  WorkflowStepValidated: async (event, writer) => {
    const e = event as unknown as Extract<WorkflowEvent, { type: 'WorkflowStepValidated' }>;
    await toValidate(event, writer);
    // The author follows each validation (spec §3 "validated by user"); completion is told by WorkflowCompleted.
    if (e.data.awaiting)
      await notify(writer, event, {
        userIds: await speachEditors(writer, e.data.speachId),
        type: 'VALIDATED_BY_USER',
        rule: 'speach-editor',
        speachId: e.data.speachId,
        data: { step: e.data.step },
      });
  },
  WorkflowRejected: async (event, writer) => {
    const e = event as unknown as Extract<WorkflowEvent, { type: 'WorkflowRejected' }>;
    await notify(writer, event, {
      userIds: await speachEditors(writer, e.data.speachId),
      type: e.data.groupId ? 'REFUSED' : 'REFUSED_BY_USER',
      rule: 'speach-editor',
      speachId: e.data.speachId,
      data: { step: e.data.step, comment: e.data.comment },
    });
  },
  WorkflowCompleted: async (event, writer) => {
    const e = event as unknown as Extract<WorkflowEvent, { type: 'WorkflowCompleted' }>;
    await notify(writer, event, {
      userIds: await speachEditors(writer, e.data.speachId),
      type: 'WORKFLOW_VALIDATED',
      rule: 'speach-editor',
      speachId: e.data.speachId,
      data: { publishAt: e.data.publishAt },
    });
  },
  PeriodicReviewersAssigned: async (event, writer) => {
    const d = event.data as { speachId: string; userIds: string[]; groupIds: string[] };
    // As for validation: a reviewer group reviews through its APPROVER-role members only (spec §6).
    await notify(writer, event, {
      userIds: [...d.userIds, ...(await groupApprovers(writer, d.groupIds))],
      type: 'PERIODIC_REVIEW_ASSIGNED',
      rule: 'reviewer',
      speachId: d.speachId,
    });
    await notify(writer, event, { userIds: await admins(writer), type: 'PERIODIC_REVIEW_ASSIGNED', rule: 'admin', speachId: d.speachId });
  },
};
