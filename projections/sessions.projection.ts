import type { ProjectedDocument, ProjectionDefinition } from './projection';

export interface SessionDocument extends ProjectedDocument {
  userId: string;
  startedAt: string;
  expiresAt: string;
  open: boolean;
}

export const SESSIONS = 'sessions';

/** Live sessions, so a request is authenticated by one indexed lookup and a deactivation ends them all. */
export const sessionsProjection: ProjectionDefinition = {
  name: 'sessions',
  version: 1,
  collections: [{ name: SESSIONS, indexes: [{ field: 'userId' }] }],
  handlers: {
    SessionStarted: async (event, writer) => {
      const data = event.data as { sessionId: string; userId: string; expiresAt: string };
      await writer.upsert<SessionDocument>(SESSIONS, data.sessionId, () => ({
        _id: data.sessionId,
        userId: data.userId,
        startedAt: event.time,
        expiresAt: data.expiresAt,
        open: true,
      }));
    },
    SessionEnded: async (event, writer) => {
      const data = event.data as { sessionId: string };
      // Kept as a closed tombstone: a redelivered SessionStarted must not reopen it.
      await writer.upsert<SessionDocument>(SESSIONS, data.sessionId, (session) => (session ? { ...session, open: false } : null));
    },
    // A deactivated user loses every live session at once.
    UserDeactivated: async (event, writer) => {
      const data = event.data as { userId: string };
      for (const session of await writer.find<SessionDocument>(SESSIONS, { userId: data.userId, open: true })) {
        await writer.upsert<SessionDocument>(SESSIONS, session._id, (current) => (current ? { ...current, open: false } : null));
      }
    },
  },
};
