import { Inject, Injectable } from '@nestjs/common';
import { type WorkflowStep, uuidv7 } from '../../events';
import { CATEGORIES, type CategoryDocument, GROUPS, type GroupDocument } from '../../projections/organisation.projection';
import { type SpeachDocument, normaliseKey } from '../../projections/speaches.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import {
  PERIODIC_REVIEWS,
  type PeriodicReviewDocument,
  WORKFLOW_DEFINITIONS,
  WORKFLOWS,
  type WorkflowDefinitionDocument,
  type WorkflowDocument,
} from '../../projections/workflows.projection';
import type { AuthenticatedUser } from '../identity/auth/authenticated-user';
import { Clock } from '../infrastructure/clock/clock';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { ReadModels } from '../infrastructure/read-models';
import type { Filter, ReadStore, Sort } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { escapeRegex } from '../infrastructure/http/simple-rest';
import { SiteSettings } from '../site/site-settings.service';
import { SpeachQueries } from '../speach/speach-queries.service';
import { type Viewer, isEditor, person } from '../speach/speach-views';
import { WARNING_WINDOW_MONTHS, addMonths, isDue, periodicReviewDecider } from './periodic-review.decider';
import { type FinalChoices, type WorkflowActor, isStepApprover, workflowDecider } from './workflow.decider';
import { coveringDefinition } from './publication-gate';
import { workflowDefinitionDecider } from './workflow-definition.decider';
import { Signatures } from '../signature/signatures.service';
import type { SignatureBody } from '../signature/signature.dto';
import { draftContentHash, nextVersion, versionContentHash } from '../signature/signed-content';
import type { SignatureRecord } from '../../events';
import { liveVersion } from '../speach/speach-views';

export const workflowStream = (workflowId: string) => `workflow-${workflowId}`;
export const definitionStream = (definitionId: string) => `workflow-definition-${definitionId}`;
export const periodicReviewStream = (speachId: string) => `periodic-review-${speachId}`;

export const WORKFLOW_GRID_PAGE_SIZE = 20;
const OPEN_STATES = ['AWAITING_VALIDATION', 'REJECTED'];

export interface ApproverInput {
  id: string;
  role?: string | null;
}

/** Commands and reads of the validation workflow and the periodic review (issue #6). */
@Injectable()
export class WorkflowService {
  constructor(
    private readonly commands: CommandRunner,
    private readonly queries: SpeachQueries,
    private readonly readModels: ReadModels,
    private readonly site: SiteSettings,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly signatures: Signatures,
  ) {}

  get workflows() {
    return this.store.collection<WorkflowDocument>(WORKFLOWS);
  }
  get definitions() {
    return this.store.collection<WorkflowDefinitionDocument>(WORKFLOW_DEFINITIONS);
  }
  get reviews() {
    return this.store.collection<PeriodicReviewDocument>(PERIODIC_REVIEWS);
  }

  now(): string {
    return this.clock.now().toISOString();
  }

  async enabled(): Promise<boolean> {
    return (await this.site.flags()).workflowEnabled;
  }

  private async requireEnabled(): Promise<void> {
    if (!(await this.enabled())) throw new IllegalStateError('The validation workflow is disabled');
  }

  private async actor(user: AuthenticatedUser): Promise<WorkflowActor> {
    const viewer = await this.queries.viewer(user);
    return { userId: viewer.userId, isAdmin: viewer.isAdmin, isApprover: viewer.isApprover, groupIds: viewer.groupIds };
  }

  // ---- definitions ----

  async knownGroupIds(): Promise<string[]> {
    return (await this.store.collection<GroupDocument>(GROUPS).find({}, { projection: { _id: 1 } })).map((g) => g._id);
  }

  async saveDefinition(
    user: AuthenticatedUser,
    definitionId: string | null,
    input: { name: string; steps: { groupId: string }[]; isDefault?: boolean; categoryIds?: string[] },
  ): Promise<string> {
    const id = definitionId ?? uuidv7();
    const isAdmin = user.roles.includes('ADMIN');
    const knownCategoryIds = (await this.store.collection<CategoryDocument>(CATEGORIES).find({}, { projection: { _id: 1 } })).map((c) => c._id);
    const body = {
      name: input.name,
      steps: input.steps,
      isDefault: input.isDefault === true,
      categoryIds: input.categoryIds ?? [],
      knownGroupIds: await this.knownGroupIds(),
      knownCategoryIds,
    };
    await this.commands.run(workflowDefinitionDecider, definitionStream(id), {
      ...(definitionId ? { type: 'ChangeDefinition' as const } : { type: 'CreateDefinition' as const }),
      ...body,
      definitionId: id,
      isAdmin,
    });
    await this.readModels.settled();
    return id;
  }

  async deleteDefinition(user: AuthenticatedUser, definitionId: string): Promise<void> {
    await this.commands.run(workflowDefinitionDecider, definitionStream(definitionId), {
      type: 'DeleteDefinition',
      definitionId,
      isAdmin: user.roles.includes('ADMIN'),
    });
    await this.readModels.settled();
  }

  async definitionRecords(docs: WorkflowDefinitionDocument[]) {
    const groups = new Map(
      (await this.store.collection<GroupDocument>(GROUPS).findByIds([...new Set(docs.flatMap((d) => d.steps.map((s) => s.groupId)))])).map((g) => [
        g._id,
        g.name,
      ]),
    );
    const defaultId = await this.defaultDefinitionId();
    return docs.map((d) => ({
      id: d._id,
      name: d.name,
      steps: d.steps.map((s, index) => ({ order: index + 1, groupId: s.groupId, groupName: groups.get(s.groupId) ?? '' })),
      isDefault: d._id === defaultId,
      categoryIds: d.categoryIds ?? [],
      version: d.version,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
    }));
  }

  async definitionRecord(id: string) {
    const doc = await this.definitions.findById(id);
    if (!doc) throw new NotFoundError('Unknown workflow definition');
    return (await this.definitionRecords([doc]))[0];
  }

  /**
   * The rule: a submission uses the definition it names, else the one covering the speach's
   * category, else the default one (the newest marked default).
   */
  async defaultDefinitionId(): Promise<string | null> {
    const [doc] = await this.definitions.find({ isDefault: true }, { sort: { defaultSince: -1, _id: 1 }, limit: 1 });
    return doc?._id ?? null;
  }

  // ---- workflow commands ----

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

  async submit(
    user: AuthenticatedUser,
    input: { speachId: string; definitionId?: string; anonymous?: boolean; approvers?: ApproverInput[]; regulatedGmp?: boolean; scheduledAt?: string | null },
  ): Promise<string> {
    await this.requireEnabled();
    const doc = await this.queries.document(input.speachId);
    const viewer = await this.queries.viewer(user);
    const mayEdit = isEditor(doc, viewer) && !doc.archived;
    if (mayEdit) {
      if (doc.isTemplate) throw new IllegalStateError('A template is not published: create a speach from it.');
      if (doc.draft.order.length === 0) throw new ValidationError('chapters', 'Add at least one chapter before publishing');
      if (await this.openWorkflow(doc._id)) throw new IllegalStateError('This speach is already in a validation workflow');
    }
    let steps: WorkflowStep[];
    let name: string;
    let definitionId: string | null = null;
    let definitionVersion: number | null = null;
    if (input.anonymous) {
      steps = await this.approverSteps(input.approvers ?? []);
      name = 'Anonymous workflow';
    } else {
      definitionId = input.definitionId ?? (await coveringDefinition(this.store, doc.categoryId))?._id ?? (await this.defaultDefinitionId());
      const definition = definitionId ? await this.definitions.findById(definitionId) : null;
      if (!definition)
        throw new ValidationError(
          'definitionId',
          definitionId ? 'Unknown workflow definition' : 'No default workflow definition: choose one or an anonymous workflow',
        );
      const groups = new Map(
        (await this.store.collection<GroupDocument>(GROUPS).findByIds(definition.steps.map((s) => s.groupId))).map((g) => [g._id, g.name]),
      );
      steps = definition.steps.map((s, index) => ({
        order: index + 1,
        groupId: s.groupId,
        groupName: groups.get(s.groupId) ?? '',
        userId: null,
        userName: null,
        role: null,
      }));
      name = definition.name;
      definitionVersion = definition.version;
    }
    const workflowId = uuidv7();
    await this.commands.run(workflowDecider, workflowStream(workflowId), {
      type: 'Submit',
      workflowId,
      speachId: doc._id,
      actor: { userId: viewer.userId, isAdmin: viewer.isAdmin, isApprover: viewer.isApprover, groupIds: viewer.groupIds },
      now: this.now(),
      mayEdit,
      authorId: doc.authorId,
      name,
      anonymous: input.anonymous === true,
      definitionId,
      definitionVersion,
      steps,
      regulatedGmp: input.regulatedGmp === true,
      scheduledAt: input.scheduledAt ?? null,
    });
    await this.readModels.settled();
    return workflowId;
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
  private async workflowSignature(
    user: AuthenticatedUser,
    actor: WorkflowActor,
    wf: WorkflowDocument,
    meaning: 'approved' | 'rejected',
    input: SignatureBody | undefined,
  ): Promise<SignatureRecord | null> {
    const mayDecide = wf.state === 'AWAITING_VALIDATION' && wf.authorId !== actor.userId && isStepApprover(wf.steps[wf.currentStep - 1], actor);
    if (!mayDecide) return null;
    const doc = await this.queries.document(wf.speachId);
    return this.signatures.sign(user, input, {
      speachId: wf.speachId,
      meaning,
      contentHash: draftContentHash(doc),
      version: nextVersion(doc),
      regulated: wf.regulatedGmp,
    });
  }

  async validate(user: AuthenticatedUser, speachId: string, final: FinalChoices & { signature?: SignatureBody }): Promise<void> {
    await this.requireEnabled();
    const wf = await this.requireOpen(speachId);
    const flags = await this.site.flags();
    const now = this.now();
    const actor = await this.actor(user);
    const signature = await this.workflowSignature(user, actor, wf, 'approved', final.signature);
    // Completion publishes and schedules the review through the publish-on-validation policy; the
    // wait below covers its reactions, so the answer already shows the speach published.
    await this.commands.run(workflowDecider, workflowStream(wf._id), {
      type: 'Validate',
      workflowId: wf._id,
      actor,
      now,
      final,
      periodicReviewEnabled: flags.periodicReviewEnabled,
      signature,
    });
    await this.readModels.settled();
  }

  async reject(user: AuthenticatedUser, speachId: string, comment: string | undefined, input?: SignatureBody): Promise<void> {
    await this.requireEnabled();
    const wf = await this.requireOpen(speachId);
    const actor = await this.actor(user);
    const signature = await this.workflowSignature(user, actor, wf, 'rejected', input);
    // A signed rejection's reason is its comment when no other was written.
    const text = comment?.trim() || signature?.reason || '';
    await this.commands.run(workflowDecider, workflowStream(wf._id), { type: 'Reject', workflowId: wf._id, actor, now: this.now(), comment: text, signature });
    await this.readModels.settled();
  }

  async resubmit(user: AuthenticatedUser, speachId: string, scheduledAt?: string | null): Promise<void> {
    await this.requireEnabled();
    const wf = await this.requireOpen(speachId);
    const doc = await this.queries.document(speachId);
    const viewer = await this.queries.viewer(user);
    await this.commands.run(workflowDecider, workflowStream(wf._id), {
      type: 'Resubmit',
      workflowId: wf._id,
      actor: { userId: viewer.userId, isAdmin: viewer.isAdmin, isApprover: viewer.isApprover, groupIds: viewer.groupIds },
      now: this.now(),
      mayEdit: isEditor(doc, viewer) && !doc.archived,
      ...(scheduledAt !== undefined ? { scheduledAt } : {}),
    });
    await this.readModels.settled();
  }

  async cancel(user: AuthenticatedUser, speachId: string): Promise<void> {
    const wf = await this.requireOpen(speachId);
    await this.commands.run(workflowDecider, workflowStream(wf._id), { type: 'Cancel', workflowId: wf._id, actor: await this.actor(user), now: this.now() });
    await this.readModels.settled();
  }

  // ---- periodic review ----

  async decideReview(user: AuthenticatedUser, speachId: string, decision: string, comment?: string | null, input?: SignatureBody): Promise<void> {
    const doc = await this.queries.document(speachId);
    const actor = await this.actor(user);
    const reviewer =
      actor.isApprover && (doc.periodicReviewUserIds.includes(actor.userId) || doc.periodicReviewGroupIds.some((g) => actor.groupIds.includes(g)));
    let signature: SignatureRecord | null = null;
    const [latest] = await this.workflows.find({ speachId, latest: true }, { limit: 1 });
    const regulated = latest?.regulatedGmp === true;
    if (reviewer) {
      // A review is of the version in force; before any publication, of the draft.
      const live = liveVersion(doc, this.now());
      const version = live ? await this.queries.version(speachId, live.version) : null;
      const subject = version
        ? { contentHash: versionContentHash(version), version: version.version }
        : { contentHash: draftContentHash(doc), version: nextVersion(doc) };
      signature = await this.signatures.sign(user, input, { speachId, meaning: 'reviewed', regulated, ...subject });
    }
    await this.commands.run(periodicReviewDecider, periodicReviewStream(speachId), {
      type: 'Decide',
      speachId,
      actor,
      reviewerUserIds: doc.periodicReviewUserIds,
      reviewerGroupIds: doc.periodicReviewGroupIds,
      decision,
      comment,
      now: this.now(),
      regulated,
      signature,
    });
    await this.readModels.settled();
  }

  // ---- reads ----

  /** Spec §3 "Workflow" for the graph, with what the viewer may do. 404 for someone with no part in it. */
  async representation(speachId: string, viewer: Viewer, stateFilter?: string) {
    const doc = await this.queries.document(speachId);
    const filter: Filter = stateFilter ? { speachId, state: stateFilter } : { speachId, latest: true };
    const [wf] = await this.workflows.find(filter, { sort: { submittedAt: -1 }, limit: 1 });
    const editor = isEditor(doc, viewer);
    if (!wf) {
      if (!editor) throw new NotFoundError('No workflow for this speach');
      return null;
    }
    const approver = wf.steps.some((s) => isStepApprover(s, viewer));
    if (!editor && !approver) throw new NotFoundError('No workflow for this speach');
    const users = new Map(
      (
        await this.store
          .collection<UserDocument>(USERS)
          .findByIds([
            ...new Set([...wf.steps.flatMap((s) => [s.userId, s.validatedBy]), wf.rejected?.rejectedBy, wf.authorId].filter((x): x is string => !!x)),
          ])
      ).map((u) => [u._id, u]),
    );
    const flags = await this.site.flags();
    const rejectedStep = wf.state === 'REJECTED' ? wf.currentStep : null;
    const canDecide = wf.state === 'AWAITING_VALIDATION' && wf.authorId !== viewer.userId && isStepApprover(wf.steps[wf.currentStep - 1], viewer);
    return {
      workflowId: wf._id,
      speachId,
      title: doc.title,
      name: wf.name,
      anonymous: wf.anonymous,
      state: wf.state,
      currentStep: wf.currentStep,
      totalSteps: wf.totalSteps,
      author: person(users.get(wf.authorId), wf.authorId),
      steps: wf.steps.map((s) => ({
        order: s.order,
        groupId: s.groupId,
        groupName: s.groupName,
        userId: s.userId,
        userName: s.userName,
        role: s.role,
        usrImg: s.userId ? (users.get(s.userId)?.img ?? null) : null,
        status:
          s.order === rejectedStep
            ? 'REJECTED'
            : s.validatedBy
              ? 'VALIDATED'
              : wf.state === 'AWAITING_VALIDATION' && s.order === wf.currentStep
                ? 'ACTIVE'
                : 'INACTIVE',
        validatedBy: s.validatedBy ? person(users.get(s.validatedBy), s.validatedBy) : null,
        validatedAt: s.validatedAt,
      })),
      rejected: wf.rejected
        ? {
            comment: wf.rejected.comment,
            date: wf.rejected.date,
            stepNumber: wf.rejected.stepNumber,
            groupName: wf.steps[wf.rejected.stepNumber - 1]?.groupName ?? null,
            userName: wf.steps[wf.rejected.stepNumber - 1]?.userName ?? null,
            rejectedBy: person(users.get(wf.rejected.rejectedBy), wf.rejected.rejectedBy),
          }
        : null,
      regulatedGmp: wf.regulatedGmp,
      /** Part 11 §11.50: each signature shows its printed name, date-time with zone, meaning and content hash. */
      signatures: wf.signatures ?? [],
      scheduledAt: wf.scheduledAt,
      scheduledExpired: wf.scheduledAt !== null && wf.scheduledAt <= viewer.now,
      periodicReviewEnabled: flags.periodicReviewEnabled,
      isLastStep: wf.currentStep === wf.totalSteps,
      submittedAt: wf.submittedAt,
      completion: wf.completion,
      history: wf.history,
      canValidate: canDecide,
      canReject: canDecide,
      canResubmit: editor && wf.state === 'REJECTED',
      canCancel: viewer.isAdmin && OPEN_STATES.includes(wf.state),
    };
  }

  /** What an approver validates: the speach's draft, for anyone with a part in its workflow. */
  async draftForReview(speachId: string, viewer: Viewer) {
    await this.representation(speachId, viewer);
    const doc = await this.queries.document(speachId);
    const [card] = await this.queries.cards([doc], viewer);
    // What an approver signs: the signature dialog sends both back, so a change made meanwhile is a 409.
    return { ...card, chapters: this.queries.draftTree(doc), contentHash: draftContentHash(doc), signedVersion: nextVersion(doc) };
  }

  private gridSort(sort: string | undefined, asc: boolean | undefined): Sort {
    const direction = asc ? 1 : -1;
    return sort === 'TITLE' ? { titleKey: direction } : sort === 'PUBLICATION' ? { firstPublishedAt: direction } : { updatedAt: direction };
  }

  private async speachGrid(viewer: Viewer, speachIds: string[], query: { page?: number; sort?: string; name?: string; asc?: boolean }, extra: Filter[] = []) {
    const clauses: Filter[] = [{ _id: { $in: speachIds } }, { archived: false }, ...extra];
    if (query.name?.trim()) {
      clauses.push({ titleKey: { $regex: escapeRegex(normaliseKey(query.name.trim())) } });
    }
    return this.queries.paged({ $and: clauses }, this.gridSort(query.sort, query.asc), query.page ?? 0, WORKFLOW_GRID_PAGE_SIZE, viewer);
  }

  /** WFINPROGRESS: my speaches (author or co-editor) awaiting validation or rejected. */
  async inValidation(viewer: Viewer, query: { page?: number; sort?: string; name?: string; asc?: boolean }) {
    if (!(await this.enabled())) return { result: [], total: 0 };
    const open = await this.workflows.find({ latest: true, state: { $in: OPEN_STATES } }, { projection: { speachId: 1 } });
    const mine: Filter = { $or: [{ authorId: viewer.userId }, { coEditorIds: viewer.userId }, { coEditorGroupIds: { $in: viewer.groupIds } }] };
    return this.speachGrid(
      viewer,
      open.map((w) => w.speachId),
      query,
      [mine],
    );
  }

  /** WFTOVALIDATE: speaches whose current step is mine (my group, or me by name), never my own. */
  async toValidate(viewer: Viewer, query: { page?: number; sort?: string; name?: string; asc?: boolean }) {
    // Group membership alone approves nothing: only APPROVER-role users have speaches to validate (spec §6).
    if (!(await this.enabled()) || !viewer.isApprover) return { result: [], total: 0 };
    const waiting = await this.workflows.find(
      {
        latest: true,
        state: 'AWAITING_VALIDATION',
        authorId: { $ne: viewer.userId },
        $or: [{ currentUserId: viewer.userId }, { currentGroupId: { $in: viewer.groupIds } }],
      },
      { projection: { speachId: 1 } },
    );
    return this.speachGrid(
      viewer,
      waiting.map((w) => w.speachId),
      query,
    );
  }

  private async myReviews(viewer: Viewer): Promise<PeriodicReviewDocument[]> {
    // Like validation: group membership alone reviews nothing (spec §6).
    if (!viewer.isApprover) return [];
    return this.reviews.find({
      status: 'SCHEDULED',
      nextReviewAt: { $lte: addMonths(viewer.now, WARNING_WINDOW_MONTHS) },
      $or: [{ reviewerUserIds: viewer.userId }, { reviewerGroupIds: { $in: viewer.groupIds } }],
    });
  }

  /** TOREVIEW: periodic reviews I decide that are due (inside the warning window, or overdue). */
  async toReview(viewer: Viewer, query: { page?: number; sort?: string; name?: string; asc?: boolean }) {
    if (!(await this.enabled())) return { result: [], total: 0 };
    return this.speachGrid(
      viewer,
      (await this.myReviews(viewer)).map((r) => r.speachId),
      query,
    );
  }

  /** The home card: my reviews inside the warning window whose date has not passed yet. */
  async nearing(viewer: Viewer, query: { page?: number; sort?: string; name?: string; asc?: boolean }) {
    if (!(await this.enabled())) return { result: [], total: 0 };
    const reviews = (await this.myReviews(viewer)).filter((r) => r.nextReviewAt && r.nextReviewAt > viewer.now);
    return this.speachGrid(
      viewer,
      reviews.map((r) => r.speachId),
      query,
    );
  }

  /** Spec §2 "Admin periodic-review list": only reviews falling within the next 6 months (or overdue). */
  async adminReviews(
    viewer: Viewer,
    query: {
      page?: number;
      searchTitle?: string;
      searchAuthor?: string;
      periodicReviewAction?: string;
      startDate?: string;
      endDate?: string;
      startDateReview?: string;
      endDateReview?: string;
      asc?: boolean;
    },
  ) {
    const day = (value: string | undefined, field: string, end = false) => {
      if (!value) return null;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) throw new ValidationError(field, `${field} must be a date (YYYY-MM-DD)`);
      return end ? `${value}T23:59:59.999Z` : `${value}T00:00:00.000Z`;
    };
    const reviewClauses: Filter[] = [{ nextReviewAt: { $ne: null, $lte: addMonths(viewer.now, WARNING_WINDOW_MONTHS) } }];
    const action = query.periodicReviewAction;
    reviewClauses.push({
      status:
        action === 'REVISION_NEEDED'
          ? 'REVISION_NEEDED'
          : action === 'ARCHIVE'
            ? 'ARCHIVE'
            : action === 'WAITING' || action === 'NO_REVISION'
              ? 'SCHEDULED'
              : { $in: ['SCHEDULED', 'REVISION_NEEDED', 'ARCHIVE'] },
    });
    const startReview = day(query.startDateReview, 'startDateReview');
    const endReview = day(query.endDateReview, 'endDateReview', true);
    if (startReview) reviewClauses.push({ nextReviewAt: { $gte: startReview } });
    if (endReview) reviewClauses.push({ nextReviewAt: { $lte: endReview } });
    const start = day(query.startDate, 'startDate');
    const end = day(query.endDate, 'endDate', true);
    const reviews = await this.reviews.find({ $and: reviewClauses });
    const byId = new Map(reviews.map((r) => [r.speachId, r]));
    const filter = await this.queries.speaches
      .find({ _id: { $in: [...byId.keys()] }, archived: false }, { projection: { _id: 1 } })
      .then((docs) => docs.map((d) => d._id));
    const clauses: Filter[] = [{ _id: { $in: filter } }];
    if (query.searchTitle?.trim()) {
      clauses.push({ titleKey: { $regex: escapeRegex(normaliseKey(query.searchTitle.trim())) } });
    }
    if (query.searchAuthor?.trim()) {
      const pattern = escapeRegex(query.searchAuthor.trim());
      const authors = await this.store.collection<UserDocument>(USERS).find(
        {
          $or: [
            { firstName: { $regex: pattern, $options: 'i' } },
            { lastName: { $regex: pattern, $options: 'i' } },
            { email: { $regex: pattern, $options: 'i' } },
          ],
        },
        { projection: { _id: 1 } },
      );
      clauses.push({ authorId: { $in: authors.map((a) => a._id) } });
    }
    if (start) clauses.push({ updatedAt: { $gte: start } });
    if (end) clauses.push({ updatedAt: { $lte: end } });
    const docs = await this.queries.speaches.find({ $and: clauses });
    // Sorted by next review date, soonest first unless asked otherwise.
    const direction = query.asc === false ? -1 : 1;
    docs.sort((a, b) => direction * (byId.get(a._id)!.nextReviewAt ?? '').localeCompare(byId.get(b._id)!.nextReviewAt ?? '') || a._id.localeCompare(b._id));
    const page = query.page ?? 0;
    const pageDocs: SpeachDocument[] = docs.slice(page * WORKFLOW_GRID_PAGE_SIZE, (page + 1) * WORKFLOW_GRID_PAGE_SIZE);
    const cards = await this.queries.cards(pageDocs, viewer);
    return {
      result: cards.map((card) => {
        const review = byId.get(card.id)!;
        return {
          ...card,
          review: {
            status: review.status,
            frequency: review.frequency,
            nextReviewAt: review.nextReviewAt,
            urgent: review.nextReviewAt ? isDue(review.nextReviewAt, viewer.now) : false,
            lastDecision: review.lastDecision,
          },
        };
      }),
      total: docs.length,
    };
  }
}
