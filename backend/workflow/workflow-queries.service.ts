import { Inject, Injectable } from '@nestjs/common';
import { normaliseKey } from '../../projections/speaches.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { PERIODIC_REVIEWS, type PeriodicReviewDocument, WORKFLOWS, type WorkflowDocument } from '../../projections/workflows.projection';
import type { FeatureFlags } from '../config/app-config';
import { NotFoundError } from '../infrastructure/decider/decider';
import { escapeRegex } from '../infrastructure/http/simple-rest';
import type { Filter, ReadStore, Sort } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { draftContentHash, nextVersion, withPrintedNames } from '../signature';
import { SiteSettings } from '../site';
import { SpeachQueries, type Viewer, isEditor, person } from '../speach';
import { WARNING_WINDOW_MONTHS, addMonths } from './periodic-review.decider';
import { isStepApprover, mayDecide } from './workflow.decider';
import { OPEN_STATES } from './workflow-commands.service';
import type { ReviewDraft, WorkflowView } from './workflow.view';

export const WORKFLOW_GRID_PAGE_SIZE = 20;

export interface WorkflowGrid {
  page?: number;
  sort?: string;
  name?: string;
  asc?: boolean;
}

/** Reads of the validation workflow for one viewer: the workflow screen and the home tabs of spec §2. */
@Injectable()
export class WorkflowQueries {
  constructor(
    private readonly queries: SpeachQueries,
    private readonly site: SiteSettings,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  get workflows() {
    return this.store.collection<WorkflowDocument>(WORKFLOWS);
  }

  /**
   * Spec §3 "Workflow" for the graph, with what the viewer may do. 404 for someone with no part in it.
   * `flags`: the site's flags when the request already read them.
   */
  async representation(speachId: string, viewer: Viewer, stateFilter?: string, flags?: FeatureFlags): Promise<WorkflowView | null> {
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
    const userIds = [...wf.steps.flatMap((s) => [s.userId, s.validatedBy]), wf.rejected?.rejectedBy, wf.authorId].filter((x): x is string => !!x);
    const users = new Map((await this.store.collection<UserDocument>(USERS).findByIds([...new Set(userIds)])).map((u) => [u._id, u]));
    const { periodicReviewEnabled } = flags ?? (await this.site.flags());
    const rejectedStep = wf.state === 'REJECTED' ? wf.currentStep : null;
    const canDecide = wf.state === 'AWAITING_VALIDATION' && mayDecide(wf, viewer);
    const rejectedAt = wf.rejected ? wf.steps[wf.rejected.stepNumber - 1] : undefined;
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
            groupName: rejectedAt?.groupName ?? null,
            userName: rejectedAt?.userName ?? null,
            rejectedBy: person(users.get(wf.rejected.rejectedBy), wf.rejected.rejectedBy),
          }
        : null,
      regulatedGmp: wf.regulatedGmp,
      /** Part 11 §11.50: each signature shows its printed name (as it was when signed), date-time with zone, meaning and content hash. */
      signatures: await withPrintedNames(this.store, wf.signatures ?? []),
      scheduledAt: wf.scheduledAt,
      scheduledExpired: wf.scheduledAt !== null && wf.scheduledAt <= viewer.now,
      periodicReviewEnabled,
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
  async draftForReview(speachId: string, viewer: Viewer): Promise<ReviewDraft> {
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

  private async enabled(): Promise<boolean> {
    return (await this.site.flags()).workflowEnabled;
  }

  async speachGrid(viewer: Viewer, speachIds: string[], query: WorkflowGrid, extra: Filter[] = []) {
    const clauses: Filter[] = [{ _id: { $in: speachIds } }, { archived: false }, ...extra];
    if (query.name?.trim()) clauses.push({ titleKey: { $regex: escapeRegex(normaliseKey(query.name.trim())) } });
    return this.queries.paged({ $and: clauses }, this.gridSort(query.sort, query.asc), query.page ?? 0, WORKFLOW_GRID_PAGE_SIZE, viewer);
  }

  /** WFINPROGRESS: my speaches (author or co-editor) awaiting validation or rejected. */
  async inValidation(viewer: Viewer, query: WorkflowGrid) {
    if (!(await this.enabled())) return { result: [], total: 0 };
    const open = await this.workflows.find({ latest: true, state: { $in: OPEN_STATES } }, { projection: { speachId: 1 } });
    const mine: Filter = { $or: [{ authorId: viewer.id }, { coEditorIds: viewer.id }, { coEditorGroupIds: { $in: viewer.groupIds } }] };
    return this.speachGrid(
      viewer,
      open.map((w) => w.speachId),
      query,
      [mine],
    );
  }

  /** WFTOVALIDATE: speaches whose current step is mine (my group, or me by name), never my own. */
  async toValidate(viewer: Viewer, query: WorkflowGrid) {
    // Group membership alone approves nothing: only APPROVER-role users have speaches to validate (spec §6).
    if (!(await this.enabled()) || !viewer.isApprover) return { result: [], total: 0 };
    const waiting = await this.workflows.find(
      {
        latest: true,
        state: 'AWAITING_VALIDATION',
        authorId: { $ne: viewer.id },
        $or: [{ currentUserId: viewer.id }, { currentGroupId: { $in: viewer.groupIds } }],
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
    return this.store.collection<PeriodicReviewDocument>(PERIODIC_REVIEWS).find({
      status: 'SCHEDULED',
      nextReviewAt: { $lte: addMonths(viewer.now, WARNING_WINDOW_MONTHS) },
      $or: [{ reviewerUserIds: viewer.id }, { reviewerGroupIds: { $in: viewer.groupIds } }],
    });
  }

  /** TOREVIEW: periodic reviews I decide that are due (inside the warning window, or overdue). */
  async toReview(viewer: Viewer, query: WorkflowGrid) {
    if (!(await this.enabled())) return { result: [], total: 0 };
    return this.speachGrid(
      viewer,
      (await this.myReviews(viewer)).map((r) => r.speachId),
      query,
    );
  }

  /** The home card: my reviews inside the warning window whose date has not passed yet. */
  async nearing(viewer: Viewer, query: WorkflowGrid) {
    if (!(await this.enabled())) return { result: [], total: 0 };
    const reviews = (await this.myReviews(viewer)).filter((r) => r.nextReviewAt && r.nextReviewAt > viewer.now);
    return this.speachGrid(
      viewer,
      reviews.map((r) => r.speachId),
      query,
    );
  }
}
