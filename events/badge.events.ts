import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';
import type { Badge } from './speach.events';

/** The badge types that can be earned (NONE awards nothing). */
export type EarnedBadge = Exclude<Badge, 'NONE'>;

/** Stream `badges-{userId}`: the badges one user earned. One badge per speach and type, ever. */
export const badgesStream = (userId: string) => `badges-${userId}`;

/**
 * `reason`: what earned it (COMPLETION, RESULT, LEARNERS for an author's audience); `title` is the
 * speach's title when awarded, so the badge keeps its name if the speach is renamed or archived.
 */
export type BadgeAwarded = DomainEvent<
  'BadgeAwarded',
  { userId: string; speachId: string; badge: EarnedBadge; title: string; authorId: string; awardedAt: string }
>;
export type BadgeEvent = BadgeAwarded;

registerEventType('BadgeAwarded', 1);
