import { AI_AVATAR_LAYOUTS, type AvatarLayout, type AvatarLayoutEvent } from '../../events';
import { type Decider, ValidationError } from '../infrastructure/decider/decider';

export interface AvatarLayoutState {
  layout: AvatarLayout | null;
}

/** `enabled`: the layouts this installation can render now (without an avatar renderer, voice only). */
export type AvatarLayoutCommand = { type: 'ChooseAvatarLayout'; userId: string; layout: string; enabled: readonly AvatarLayout[] };

const isLayout = (value: string): value is AvatarLayout => (AI_AVATAR_LAYOUTS as readonly string[]).includes(value);

function choose(command: AvatarLayoutCommand, state: AvatarLayoutState): AvatarLayoutEvent[] {
  if (!isLayout(command.layout)) throw new ValidationError('layout', `layout must be one of ${AI_AVATAR_LAYOUTS.join(', ')}`);
  if (!command.enabled.includes(command.layout))
    throw new ValidationError('layout', `${command.layout} needs the AI avatar renderer (AVATAR_RENDER_URL), which is not configured`);
  // Choosing the layout already chosen records nothing.
  if (state.layout === command.layout) return [];
  return [{ type: 'AvatarLayoutChosen', data: { userId: command.userId, layout: command.layout } }];
}

/** A learner's avatar layout in the player: one of the spec's layouts this installation can render. */
export const avatarLayoutDecider: Decider<AvatarLayoutState, AvatarLayoutCommand, AvatarLayoutEvent> = {
  initialState: () => ({ layout: null }),
  decide(command, state) {
    switch (command.type) {
      case 'ChooseAvatarLayout':
        return choose(command, state);
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
  evolve(state, event) {
    return event.type === 'AvatarLayoutChosen' ? { layout: event.data.layout } : state;
  },
};
