import type { AiAvatarEvent } from '../events';
import type { ProjectedDocument, ProjectionDefinition } from './projection';

export const AI_AVATAR_USAGE = 'ai_avatar_usage';
/** The one document: the organisation's totals. */
export const AI_AVATAR_TOTALS_ID = 'organisation';

/** The organisation's AI avatar seconds (the admin usage panel); months (`yyyy-mm`, UTC) for the history. */
export interface AiAvatarUsageDocument extends ProjectedDocument {
  usedSeconds: number;
  addedSeconds: number;
  byMonth: Record<string, number>;
}

type Data<T extends AiAvatarEvent['type']> = Extract<AiAvatarEvent, { type: T }>['data'];
const empty = (): AiAvatarUsageDocument => ({ _id: AI_AVATAR_TOTALS_ID, usedSeconds: 0, addedSeconds: 0, byMonth: {} });

export const aiAvatarProjection: ProjectionDefinition = {
  name: 'ai-avatar',
  version: 1,
  collections: [{ name: AI_AVATAR_USAGE }],
  handlers: {
    AiAvatarTimeUsed: (event, writer) => {
      const d = event.data as Data<'AiAvatarTimeUsed'>;
      const month = event.time.slice(0, 7);
      return writer.upsert<AiAvatarUsageDocument>(AI_AVATAR_USAGE, AI_AVATAR_TOTALS_ID, (doc) => {
        const current = doc ?? empty();
        return {
          ...current,
          usedSeconds: current.usedSeconds + d.seconds,
          byMonth: { ...current.byMonth, [month]: (current.byMonth[month] ?? 0) + d.seconds },
        };
      });
    },
    AiAvatarTimeAdded: (event, writer) => {
      const d = event.data as Data<'AiAvatarTimeAdded'>;
      return writer.upsert<AiAvatarUsageDocument>(AI_AVATAR_USAGE, AI_AVATAR_TOTALS_ID, (doc) => {
        const current = doc ?? empty();
        return { ...current, addedSeconds: current.addedSeconds + d.seconds };
      });
    },
  },
};
