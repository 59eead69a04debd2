import type { BadgeAwarded } from '../events';
import type { ProjectedDocument, ProjectionDefinition } from './projection';

export const USER_BADGES = 'user_badges';

/** One badge one user holds (id `{userId}:{speachId}:{badge}`). */
export interface UserBadgeDocument extends ProjectedDocument {
  userId: string;
  speachId: string;
  badge: BadgeAwarded['data']['badge'];
  title: string;
  awardedAt: string;
  position: number;
}

export const badgesProjection: ProjectionDefinition = {
  name: 'badges',
  version: 1,
  collections: [
    { name: USER_BADGES, indexes: [{ field: 'userId' }, { field: 'badge' }, { fields: [{ field: 'userId' }, { field: 'position', direction: -1 }] }] },
  ],
  handlers: {
    BadgeAwarded: async (event, writer) => {
      const d = event.data as BadgeAwarded['data'];
      const id = `${d.userId}:${d.speachId}:${d.badge}`;
      await writer.upsert<UserBadgeDocument>(USER_BADGES, id, () => ({
        _id: id,
        userId: d.userId,
        speachId: d.speachId,
        badge: d.badge,
        title: d.title,
        awardedAt: d.awardedAt,
        position: event.position,
      }));
    },
  },
};
