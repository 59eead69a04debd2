import { Inject, Injectable } from '@nestjs/common';
import { BADGES, type EarnedBadge } from '../../events';
import { USER_BADGES, type UserBadgeDocument } from '../../projections/badges.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { NotFoundError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import type { EarnedBadgeView } from './forum.view';

export const EARNED_BADGES = BADGES.filter((b): b is EarnedBadge => b !== 'NONE');

/** The badges a user holds (account and profile) and the dashboard's counts. */
@Injectable()
export class BadgesService {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  private get badges() {
    return this.store.collection<UserBadgeDocument>(USER_BADGES);
  }

  /** Newest first; a deactivated user's profile shows none (their profile is unknown). */
  async of(userId: string): Promise<{ result: EarnedBadgeView[]; total: number }> {
    const user = await this.store.collection<UserDocument>(USERS).findById(userId);
    if (!user || !user.active) throw new NotFoundError('Unknown user');
    const docs = await this.badges.find({ userId }, { sort: { position: -1 } });
    return { result: docs.map((b) => ({ speachID: b.speachId, badge: b.badge, title: b.title, awardedAt: b.awardedAt })), total: docs.length };
  }

  /** Badges awarded, in all and per type. */
  async counts() {
    const byType = Object.fromEntries(await Promise.all(EARNED_BADGES.map(async (badge) => [badge, await this.badges.count({ badge })] as const))) as Record<
      EarnedBadge,
      number
    >;
    return { size: Object.values(byType).reduce((a, b) => a + b, 0), byType };
  }
}
