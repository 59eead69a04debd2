import { Inject, Injectable } from '@nestjs/common';
import {
  type ChapterAdded,
  type ChapterContentSet,
  type ChapterMoved,
  type ChapterRemoved,
  type ChapterRenamed,
  type RecordedEvent,
  type SpeachDetailsChanged,
  type SpeachEvent,
  type SpeachState,
  evolveSpeach,
  initialSpeachState,
  speachContentHash,
} from '../../../events';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { EventStore } from '../../infrastructure/event-store/event-store.port';
import type { Policy, PolicyContext } from '../../infrastructure/policies/policy';
import { SYSTEM_USER_ID } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { EVENT_STORE, READ_STORE } from '../../infrastructure/tokens';
import { WORKFLOWS, type WorkflowDocument } from '../../../projections/workflows.projection';
import { workflowDecider } from '../workflow.decider';
import { workflowStream } from '../workflow-streams';

type ContentEdit = ChapterAdded | ChapterRenamed | ChapterMoved | ChapterRemoved | ChapterContentSet | SpeachDetailsChanged;

/** The speach's title and chapters in reading order, as of the state folded. */
function contentHashOf(state: SpeachState): string | null {
  if (state.status === 'none') return null;
  const nodes = state.order.flatMap((id) => [id, ...(state.children[id] ?? [])]).map((chapterId) => ({ chapterId, ...state.chapters[chapterId] }));
  return speachContentHash(state.title, nodes);
}

/**
 * Approvals follow the content (issue 23 item 2): a material edit of a speach whose open workflow
 * has validated steps revokes them (`ApprovalsRevoked`, reason "content changed after approval"), and
 * validation starts again at step 1. An edit the author flagged `nonMaterial` (a typo) keeps them;
 * the flag itself is on the edit's event, so the trail shows who chose it.
 */
@Injectable()
export class RevokeApprovalsOnEditPolicy implements Policy<ContentEdit> {
  readonly name = 'revoke-approvals-on-edit';
  readonly handles = {
    ChapterAdded: (event: RecordedEvent<ChapterAdded>, ctx: PolicyContext) => this.react(event, ctx),
    ChapterRenamed: (event: RecordedEvent<ChapterRenamed>, ctx: PolicyContext) => this.react(event, ctx),
    ChapterMoved: (event: RecordedEvent<ChapterMoved>, ctx: PolicyContext) => this.react(event, ctx),
    ChapterRemoved: (event: RecordedEvent<ChapterRemoved>, ctx: PolicyContext) => this.react(event, ctx),
    ChapterContentSet: (event: RecordedEvent<ChapterContentSet>, ctx: PolicyContext) => this.react(event, ctx),
    // Only the title of the details is signed content; a new description or image changes no approval.
    SpeachDetailsChanged: (event: RecordedEvent<SpeachDetailsChanged>, ctx: PolicyContext) =>
      event.data.title === undefined ? Promise.resolve() : this.react(event, ctx),
  };

  constructor(
    runner: PolicyRunner,
    private readonly commands: CommandRunner,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {
    void runner.register<ContentEdit>(this);
  }

  private async react(event: RecordedEvent<ContentEdit>, ctx: PolicyContext): Promise<void> {
    if (event.data.nonMaterial === true) return;
    const { speachId } = event.data;
    const open = await this.store.collection<WorkflowDocument>(WORKFLOWS).find({ speachId, state: 'AWAITING_VALIDATION' }, { projection: { _id: 1 } });
    if (open.length === 0) return;
    // The content as of the edit (not as of now), so a replay or a late retry decides as it would have then.
    const stream = (await this.events.readStream(event.streamId, { maxCount: event.revision + 1 })) as unknown as SpeachEvent[];
    const contentHash = contentHashOf(stream.reduce<SpeachState>((state, e) => evolveSpeach(state, e), initialSpeachState()));
    if (!contentHash) return;
    for (const wf of open) {
      await ctx.issue(`revoke-${wf._id}`, () =>
        this.commands.run(workflowDecider, workflowStream(wf._id), {
          type: 'RevokeApprovals',
          workflowId: wf._id,
          actor: { id: SYSTEM_USER_ID, isAdmin: true, isAuthor: false, isApprover: false, groupIds: [] },
          now: event.time,
          contentHash,
          changeEventId: event.id,
        }),
      );
    }
  }
}
