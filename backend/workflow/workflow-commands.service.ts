import { Inject, Injectable } from '@nestjs/common';
import { type WorkflowStep, uuidv7 } from '../../events';
import { GROUPS, type GroupDocument } from '../../projections/organisation.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { WORKFLOWS, type WorkflowDocument } from '../../projections/workflows.projection';
import type { Actor } from '../infrastructure/http/actor';
import { Clock } from '../infrastructure/clock/clock';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { type SignatureBody, Signatures, draftContentHash, nextVersion } from '../signature';
import type { FeatureFlags } from '../config/app-config';
import { SiteSettings } from '../site';
import { SpeachQueries, speachStream, speachDecider } from '../speach';
import { coveringDefinition } from './publication-gate';
import { WorkflowDefinitions } from './workflow-definitions.service';
import { type FinalChoices, mayDecide, workflowDecider } from './workflow.decider';
import { workflowStream } from './workflow-streams';

export const OPEN_STATES = ['AWAITING_VALIDATION', 'REJECTED'];

export interface ApproverInput {
  id: string;
  role?: string | null;
}

export interface SubmitInput {
  speachId: string;
  definitionId?: string;
  anonymous?: boolean;
  approvers?: ApproverInput[];
  regulatedGmp?: boolean;
  scheduledAt?: string | null;
}

/**
 * The validation workflow's commands (spec §4-§6). Each gathers the facts its decision needs, runs the
 * workflow decider once, and leaves the wait for the read models to the caller, which reads them once.
 */
@Injectable()
export class WorkflowCommands {
  constructor(
    private readonly commands: CommandRunner,
    private readonly queries: SpeachQueries,
    private readonly definitions: WorkflowDefinitions,
    private readonly site: SiteSettings,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly signatures: Signatures,
  ) {}

  private get workflows() {
    return this.store.collection<WorkflowDocument>(WORKFLOWS);
  }

  /** The site's flags, read once per request: refused while the workflow is off. */
  async enabledFlags(): Promise<FeatureFlags> {
    const flags = await this.site.flags();
    if (!flags.workflowEnabled) throw new IllegalStateError('The validation workflow is disabled');
    return flags;
  }

  /** The workflow of a speach that is still open (awaiting validation or rejected), if any. */
  async openWorkflow(speachId: string): Promise<WorkflowDocument | null> {
    const [doc] = await this.workflows.find({ speachId, latest: true, state: { $in: OPEN_STATES } }, { limit: 1 });
    return doc ?? null;
  }

  private async requireOpen(speachId: string): Promise<WorkflowDocument> {
    if (typeof speachId !== 'string' || !speachId) throw new ValidationError('speachId', 'speachId is required');
    const wf = await this.openWorkflow(speachId);
    if (wf) return wf;
    const [latest] = await this.workflows.find({ speachId, latest: true }, { limit: 1 });
    if (latest?.state === 'COMPLETED') throw new IllegalStateError('This workflow is already completed');
    if (latest?.state === 'CANCELLED') throw new IllegalStateError('This workflow was cancelled');
    throw new NotFoundError('No workflow for this speach');
  }

  async submit(actor: Actor, input: SubmitInput): Promise<string> {
    await this.enabledFlags();
    const doc = await this.queries.document(input.speachId);
    const { steps, name, definitionId, definitionVersion } = input.anonymous
      ? { steps: await this.approverSteps(input.approvers ?? []), name: 'Anonymous workflow', definitionId: null, definitionVersion: null }
      : await this.definitionSteps(input.definitionId ?? (await coveringDefinition(this.store, doc.categoryId))?._id ?? (await this.definitions.defaultId()));
    const workflowId = uuidv7();
    await this.commands.run(workflowDecider, workflowStream(workflowId), {
      type: 'Submit',
      workflowId,
      speachId: doc._id,
      actor,
      now: this.now(),
      speach: await this.commands.state(speachDecider, speachStream(doc._id)),
      openWorkflowId: (await this.openWorkflow(doc._id))?._id ?? null,
      name,
      anonymous: input.anonymous === true,
      definitionId,
      definitionVersion,
      steps,
      regulatedGmp: input.regulatedGmp === true,
      scheduledAt: input.scheduledAt ?? null,
    });
    return workflowId;
  }

  private async definitionSteps(definitionId: string | null) {
    const definition = definitionId ? await this.definitions.definitions.findById(definitionId) : null;
    if (!definition)
      throw new ValidationError(
        'definitionId',
        definitionId ? 'Unknown workflow definition' : 'No default workflow definition: choose one or an anonymous workflow',
      );
    const groups = new Map((await this.store.collection<GroupDocument>(GROUPS).findByIds(definition.steps.map((s) => s.groupId))).map((g) => [g._id, g.name]));
    const steps: WorkflowStep[] = definition.steps.map((s, index) => ({
      order: index + 1,
      groupId: s.groupId,
      groupName: groups.get(s.groupId) ?? '',
      userId: null,
      userName: null,
      role: null,
    }));
    return { steps, name: definition.name, definitionId: definition._id, definitionVersion: definition.version };
  }

  /** Spec §5: the approver multi-select lists APPROVER-role users; roles are trimmed, empty means none. */
  private async approverSteps(approvers: ApproverInput[]): Promise<WorkflowStep[]> {
    if (!approvers.length) throw new ValidationError('approvers', 'Choose at least one approver');
    const users = new Map((await this.store.collection<UserDocument>(USERS).findByIds(approvers.map((a) => a.id))).map((u) => [u._id, u]));
    return approvers.map((a, index) => {
      const user = users.get(a.id);
      if (!user || !user.active) throw new ValidationError(`approvers[${index}].id`, `Unknown user ${a.id}`);
      if (!user.roles.includes('APPROVER'))
        throw new ValidationError(`approvers[${index}].id`, `${user.firstName} ${user.lastName} does not have the approver role`);
      return {
        order: index + 1,
        groupId: null,
        groupName: null,
        userId: user._id,
        userName: `${user.firstName} ${user.lastName}`.trim(),
        role: a.role ?? null,
      };
    });
  }

  /**
   * The signature of a workflow decision, checked only when the actor may take the decision: anyone
   * else gets the decider's 403 or 409 without spending a password attempt.
   */
  private async signature(actor: Actor, wf: WorkflowDocument, meaning: 'approved' | 'rejected', input: SignatureBody | undefined) {
    if (wf.state !== 'AWAITING_VALIDATION' || !mayDecide(wf, actor)) return null;
    const doc = await this.queries.document(wf.speachId);
    return this.signatures.sign(actor, input, {
      speachId: wf.speachId,
      meaning,
      contentHash: draftContentHash(doc),
      version: nextVersion(doc),
      regulated: wf.regulatedGmp,
    });
  }

  /** Completion publishes and schedules the review through the publish-on-validation policy (the caller's wait covers it). */
  async validate(actor: Actor, speachId: string, final: FinalChoices & { signature?: SignatureBody }, flags: FeatureFlags): Promise<void> {
    const wf = await this.requireOpen(speachId);
    const signature = await this.signature(actor, wf, 'approved', final.signature);
    await this.commands.run(workflowDecider, workflowStream(wf._id), {
      type: 'Validate',
      workflowId: wf._id,
      actor,
      now: this.now(),
      final,
      periodicReviewEnabled: flags.periodicReviewEnabled,
      signature,
    });
  }

  async reject(actor: Actor, speachId: string, comment: string | undefined, input?: SignatureBody): Promise<void> {
    await this.enabledFlags();
    const wf = await this.requireOpen(speachId);
    const signature = await this.signature(actor, wf, 'rejected', input);
    // A signed rejection's reason is its comment when no other was written.
    const text = comment?.trim() || signature?.reason || '';
    await this.commands.run(workflowDecider, workflowStream(wf._id), { type: 'Reject', workflowId: wf._id, actor, now: this.now(), comment: text, signature });
  }

  async resubmit(actor: Actor, speachId: string, scheduledAt?: string | null): Promise<void> {
    await this.enabledFlags();
    const wf = await this.requireOpen(speachId);
    await this.commands.run(workflowDecider, workflowStream(wf._id), {
      type: 'Resubmit',
      workflowId: wf._id,
      actor,
      now: this.now(),
      speach: await this.commands.state(speachDecider, speachStream(speachId)),
      ...(scheduledAt !== undefined ? { scheduledAt } : {}),
    });
  }

  async cancel(actor: Actor, speachId: string): Promise<void> {
    const wf = await this.requireOpen(speachId);
    await this.commands.run(workflowDecider, workflowStream(wf._id), { type: 'Cancel', workflowId: wf._id, actor, now: this.now() });
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
