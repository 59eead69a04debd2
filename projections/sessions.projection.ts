import type { ProjectedDocument, ProjectionDefinition, ProjectionWriter } from './projection';

export interface SessionDocument extends ProjectedDocument {
  userId: string;
  startedAt: string;
  expiresAt: string;
  open: boolean;
}

export const SESSIONS = 'sessions';

async function closeSessionsOf(writer: ProjectionWriter, userId: string, keepSessionId?: string): Promise<void> {
  for (const session of await writer.find<SessionDocument>(SESSIONS, { userId, open: true })) {
    if (session._id === keepSessionId) continue;
    await writer.upsert<SessionDocument>(SESSIONS, session._id, (current) => (current ? { ...current, open: false } : null));
  }
}

/**
 * Live sessions, so a request is authenticated by one indexed lookup. A deactivation ends them all;
 * a new password ends all but the one that chose it (version 2: rebuilt, so sessions that outlived
 * an earlier password change end too).
 */
export const sessionsProjection: ProjectionDefinition = {
  name: 'sessions',
  version: 2,
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
    UserDeactivated: async (event, writer) => {
      const data = event.data as { userId: string };
      await closeSessionsOf(writer, data.userId);
    },
    // A stolen session must not outlive the credential it was opened with (own change, admin reset, generated password).
    UserPasswordSet: async (event, writer) => {
      const data = event.data as { userId: string; keepSessionId?: string };
      await closeSessionsOf(writer, data.userId, data.keepSessionId);
    },
  },
};
