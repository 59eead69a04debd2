import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { NotFoundError } from '../infrastructure/decider/decider';
import { type SpeachDocument, SpeachAccess, SpeachQueries, type Viewer, isEditor, readingOrder } from '../speach';
import { isStepApprover } from '../../events';
import { WORKFLOWS, type WorkflowDocument } from '../../projections/workflows.projection';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { type DiffChapter, contentDiff } from './content-diff';
import { DiffQuery } from './diff.dto';

/**
 * What changed between two versions of a speach (issue 23 item 3), for the versions page, the
 * approver's "what changed since you approved" and the audit screens. Published versions follow the
 * outline's rule (SpeachAccess); the draft (`current`) only its editors and its workflow's approvers.
 */
@Controller()
export class DiffController {
  constructor(
    private readonly queries: SpeachQueries,
    private readonly access: SpeachAccess,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  @Get('api/v2/speach/:id/diff')
  async diff(@CurrentUser() user: Actor, @Param('id') id: string, @Query() query: DiffQuery) {
    const viewer = await this.queries.viewer(user);
    const doc = await this.queries.document(id);
    const to = query.to ?? 'current';
    const draftReader = isEditor(doc, viewer) || (await this.approves(doc, viewer));
    if (!draftReader) await this.access.assertCanRead(viewer, doc);
    const [left, right] = await Promise.all([this.side(doc, query.from, 'from', draftReader), this.side(doc, to, 'to', draftReader)]);
    return { speachId: id, from: left.ref, to: right.ref, ...contentDiff(left, right) };
  }

  private async approves(doc: SpeachDocument, viewer: Viewer): Promise<boolean> {
    const [wf] = await this.store.collection<WorkflowDocument>(WORKFLOWS).find({ speachId: doc._id, latest: true }, { limit: 1 });
    return !!wf && wf.steps.some((s) => isStepApprover(s, viewer));
  }

  private async side(
    doc: SpeachDocument,
    ref: string,
    field: 'from' | 'to',
    draftReader: boolean,
  ): Promise<{ ref: string | number; title: string; chapters: DiffChapter[] }> {
    if (ref === 'current') {
      // The draft is not the readers' to see; to them it is as if it did not exist.
      if (!draftReader) throw new NotFoundError(`Unknown version in ${field}`);
      return { ref, title: doc.title, chapters: readingOrder(doc.draft) };
    }
    const number = Number(ref);
    const withdrawn = number <= doc.withdrawnUpTo;
    const version = await this.queries.version(doc._id, number);
    if (!version || (withdrawn && !draftReader)) throw new NotFoundError(`Unknown version in ${field}`);
    return { ref: number, title: version.title, chapters: version.chapters };
  }
}
