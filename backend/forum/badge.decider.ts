import type { BadgeEvent, EarnedBadge } from '../../events';
import type { Decider } from '../infrastructure/decider/decider';

/** Stream `badges-{userId}`: which badges (speach and type) the user already holds. */
export interface BadgesState {
  held: string[];
}

export type BadgeCommand = {
  type: 'AwardBadge';
  userId: string;
  speachId: string;
  badge: EarnedBadge;
  title: string;
  authorId: string;
  /** From the triggering event, so a replay awards with the same date. */
  at: string;
};

const key = (speachId: string, badge: EarnedBadge) => `${speachId}:${badge}`;

export const badgeDecider: Decider<BadgesState, BadgeCommand, BadgeEvent> = {
  initialState: () => ({ held: [] }),
  decide(command, state) {
    // A badge is earned once: a learner reading the speach again, or a replay, awards nothing more.
    if (state.held.includes(key(command.speachId, command.badge))) return [];
    const { userId, speachId, badge, title, authorId, at } = command;
    return [{ type: 'BadgeAwarded', data: { userId, speachId, badge, title, authorId, awardedAt: at } }];
  },
  evolve(state, event) {
    return event.type === 'BadgeAwarded' ? { held: [...state.held, key(event.data.speachId, event.data.badge)] } : state;
  },
};
