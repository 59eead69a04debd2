import { userTextFilter } from '../identity';
import { Inject, Injectable } from '@nestjs/common';
import type { SignatureRecord } from '../../events';
import { type SpeachDocument, normaliseKey } from '../../projections/speaches.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { PERIODIC_REVIEWS, type PeriodicReviewDocument, WORKFLOWS, type WorkflowDocument } from '../../projections/workflows.projection';
import type { Actor } from '../infrastructure/http/actor';
import { Clock } from '../infrastructure/clock/clock';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { ValidationError } from '../infrastructure/decider/decider';
import { escapeRegex } from '../infrastructure/http/simple-rest';
import type { Filter, ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { type SignatureBody, Signatures, draftContentHash, nextVersion, versionContentHash } from '../signature';
import { SpeachQueries, type Viewer, liveVersion } from '../speach';
import { WARNING_WINDOW_MONTHS, addMonths, isDue, periodicReviewDecider } from './periodic-review.decider';
import { WORKFLOW_GRID_PAGE_SIZE } from './workflow-queries.service';
import { periodicReviewStream } from './workflow-streams';
import type { PeriodicReviewPage } from './workflow.view';

export interface AdminReviewQuery {
  page?: number;
  searchTitle?: string;
  searchAuthor?: string;
  periodicReviewAction?: string;
  startDate?: string;
  endDate?: string;
  startDateReview?: string;
  endDateReview?: string;
  asc?: boolean;
}

/** The periodic review of a published speach: the reviewer's decision and the admins' list (spec §2, §4). */
@Injectable()
export class PeriodicReviews {
  constructor(
    private readonly commands: CommandRunner,
    private readonly queries: SpeachQueries,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly signatures: Signatures,
  ) {}

  async decide(actor: Actor, speachId: string, decision: string, comment?: string | null, input?: SignatureBody): Promise<void> {
    const doc = await this.queries.document(speachId);
    const now = this.clock.now().toISOString();
    const reviewer = actor.isApprover && (doc.periodicReviewUserIds.includes(actor.id) || doc.periodicReviewGroupIds.some((g) => actor.groupIds.includes(g)));
    let signature: SignatureRecord | null = null;
    const [latest] = await this.store.collection<WorkflowDocument>(WORKFLOWS).find({ speachId, latest: true }, { limit: 1 });
    const regulated = latest?.regulatedGmp === true;
    if (reviewer) {
      // A review is of the version in force; before any publication, of the draft.
      const live = liveVersion(doc, now);
      const version = live ? await this.queries.version(speachId, live.version) : null;
      const subject = version
        ? { contentHash: versionContentHash(version), version: version.version }
        : { contentHash: draftContentHash(doc), version: nextVersion(doc) };
      signature = await this.signatures.sign(actor, input, { speachId, meaning: 'reviewed', regulated, ...subject });
    }
    await this.commands.run(periodicReviewDecider, periodicReviewStream(speachId), {
      type: 'Decide',
      speachId,
      actor,
      reviewerUserIds: doc.periodicReviewUserIds,
      reviewerGroupIds: doc.periodicReviewGroupIds,
      decision,
      comment,
      now,
      regulated,
      signature,
    });
  }

  /** Spec §2 "Admin periodic-review list": only reviews falling within the next 6 months (or overdue). */
  async adminList(viewer: Viewer, query: AdminReviewQuery): Promise<PeriodicReviewPage> {
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
    const reviews = await this.store.collection<PeriodicReviewDocument>(PERIODIC_REVIEWS).find({ $and: reviewClauses });
    const byId = new Map(reviews.map((r) => [r.speachId, r]));
    const filter = await this.queries.speaches
      .find({ _id: { $in: [...byId.keys()] }, archived: false }, { projection: { _id: 1 } })
      .then((docs) => docs.map((d) => d._id));
    const clauses: Filter[] = [{ _id: { $in: filter } }];
    if (query.searchTitle?.trim()) {
      clauses.push({ titleKey: { $regex: escapeRegex(normaliseKey(query.searchTitle.trim())) } });
    }
    if (query.searchAuthor?.trim()) {
      const authors = await this.store.collection<UserDocument>(USERS).find(
        // The users' one search field (identity's rule), not three regexes over every user.
        userTextFilter(query.searchAuthor.trim()),
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
