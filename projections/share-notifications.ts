import type { RecordedEvent, SpeachShared } from '../events';
import { notificationSpeach, notify } from './notifications.projection';
import type { ProjectionHandler } from './projection';

/**
 * Notifications raised by shares (spec §3, author: "speach shared"). The notifications projection
 * merges these handlers into its own; the speach context's share owns this file.
 */
export const shareNotificationHandlers: Record<string, ProjectionHandler> = {
  SpeachShared: async (event: RecordedEvent, writer) => {
    const d = event.data as SpeachShared['data'];
    const speach = await notificationSpeach(writer, d.speachId);
    if (!speach) return;
    await notify(writer, event, {
      userIds: [speach.authorId],
      type: 'SPEACH_SHARED',
      rule: 'speach-author',
      speachId: d.speachId,
      actorId: d.userId,
      data: { chapterId: d.chapterId },
    });
  },
};
