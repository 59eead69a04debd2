import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { type SpeachDocument, SpeachAccess, SpeachQueries, type Viewer, isEditor } from '../speach';
import { isStepApprover } from '../../events';
import { WORKFLOWS, type WorkflowDocument } from '../../projections/workflows.projection';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { DiffQuery } from './diff.dto';
import { SpeachDiffs } from './speach-diffs';

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
    private readonly diffs: SpeachDiffs,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  @Get('api/v2/speach/:id/diff')
  async diff(@CurrentUser() user: Actor, @Param('id') id: string, @Query() query: DiffQuery) {
    const viewer = await this.queries.viewer(user);
    const doc = await this.queries.document(id);
    const to = query.to ?? 'current';
    const draftReader = isEditor(doc, viewer) || (await this.approves(doc, viewer));
    if (!draftReader) await this.access.assertCanRead(viewer, doc);
    return this.diffs.between(doc, query.from, to, draftReader);
  }

  private async approves(doc: SpeachDocument, viewer: Viewer): Promise<boolean> {
    const [wf] = await this.store.collection<WorkflowDocument>(WORKFLOWS).find({ speachId: doc._id, latest: true }, { limit: 1 });
    return !!wf && wf.steps.some((s) => isStepApprover(s, viewer));
  }
}
