import { Inject, Injectable } from '@nestjs/common';
import { type RecordedEvent, type SpeachArchived, type SpeachUnpublished, type SpeachVisibilityChanged, upcast } from '../../../events';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { EventStore } from '../../infrastructure/event-store/event-store.port';
import type { Policy, PolicyContext } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import { EVENT_STORE } from '../../infrastructure/tokens';
import { HOME_PINS_STREAM, homePinsDecider } from '../home-pins.decider';
import { type SpeachState, speachDecider } from '../speach.decider';

type Withdrawal = SpeachUnpublished | SpeachArchived | SpeachVisibilityChanged;

/** Spec §9: only a public, published, live speach stays on home. */
export function mayStayPinned(state: SpeachState): boolean {
  return state.status !== 'none' && state.visibility === 'PUBLIC' && state.published && !state.archived && !state.isTemplate;
}

/**
 * A speach that left the public published state (unpublished, archived, made private) leaves the
 * home page. The speach's current state decides, not the event alone: a replayed old withdrawal
 * of a speach published and pinned again since leaves it pinned.
 */
@Injectable()
export class UnpinWithdrawnPolicy implements Policy<Withdrawal> {
  readonly name = 'unpin-withdrawn-speach';
  readonly handles = {
    SpeachUnpublished: (event: RecordedEvent<SpeachUnpublished>, ctx: PolicyContext) => this.react(event, ctx),
    SpeachArchived: (event: RecordedEvent<SpeachArchived>, ctx: PolicyContext) => this.react(event, ctx),
    SpeachVisibilityChanged: (event: RecordedEvent<SpeachVisibilityChanged>, ctx: PolicyContext) => this.react(event, ctx),
  };

  constructor(
    runner: PolicyRunner,
    private readonly commands: CommandRunner,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {
    void runner.register<Withdrawal>(this);
  }

  private async react(event: RecordedEvent<Withdrawal>, ctx: PolicyContext): Promise<void> {
    const stream = await this.events.readStream(event.streamId);
    const state = stream.map((e) => upcast(e) as never).reduce(speachDecider.evolve, speachDecider.initialState());
    if (mayStayPinned(state)) return;
    await ctx.issue('unpin', () =>
      this.commands.run(homePinsDecider, HOME_PINS_STREAM, { type: 'Unpin', speachId: event.data.speachId, isAdmin: false, system: true }),
    );
  }
}
