import type { ProjectedDocument, ProjectionDefinition } from './projection';

/** A signer's recent refused signatures and last accepted one: what the throttle counts, in every API process alike. */
export interface SignatureAttemptsDocument extends ProjectedDocument {
  /** The refusals (event id, time, log position), oldest first. */
  failures: { id: string; at: string; position: number }[];
  lastSignedAt: string | null;
  /** Log position of the last accepted signature: the refusals before it are forgiven (times may tie). */
  lastSignedPosition: number;
}

/** A session that has signed: its next signatures ask the password only, whichever process serves them. */
export interface SignedSessionDocument extends ProjectedDocument {
  userId: string;
  signedAt: string;
}

export const SIGNATURE_ATTEMPTS = 'signature_attempts';
export const SIGNED_SESSIONS = 'signed_sessions';

/** Failures older than the longest throttle window matter to nobody; a signer keeps at most this many. */
const FAILURES_KEPT = 50;

/**
 * Issue 23: the signature throttle and the "first signature of a session" memory, derived from the
 * `SignatureFailed` and `SignatureApplied` events into the read store, so that API processes sharing
 * the store agree (and a restart forgets nothing).
 */
export const signatureAttemptsProjection: ProjectionDefinition = {
  name: 'signature-attempts',
  version: 1,
  collections: [{ name: SIGNATURE_ATTEMPTS }, { name: SIGNED_SESSIONS, indexes: [{ field: 'userId' }] }],
  handlers: {
    SignatureFailed: async (event, writer) => {
      const { signerId, at } = event.data as { signerId: string; at: string };
      await writer.upsert<SignatureAttemptsDocument>(SIGNATURE_ATTEMPTS, signerId, (doc) => {
        const failures = doc?.failures ?? [];
        // A redelivered event must not count twice.
        if (failures.some((f) => f.id === event.id)) return doc;
        return {
          _id: signerId,
          failures: [...failures, { id: event.id, at, position: event.position }].slice(-FAILURES_KEPT),
          lastSignedAt: doc?.lastSignedAt ?? null,
          lastSignedPosition: doc?.lastSignedPosition ?? 0,
        };
      });
    },
    SignatureApplied: async (event, writer) => {
      const { signerId, signedAt, sessionId } = event.data as { signerId: string; signedAt: string; sessionId?: string };
      await writer.upsert<SignatureAttemptsDocument>(SIGNATURE_ATTEMPTS, signerId, (doc) => ({
        _id: signerId,
        failures: doc?.failures ?? [],
        lastSignedAt: doc?.lastSignedAt && doc.lastSignedAt > signedAt ? doc.lastSignedAt : signedAt,
        lastSignedPosition: Math.max(doc?.lastSignedPosition ?? 0, event.position),
      }));
      if (sessionId) await writer.upsert<SignedSessionDocument>(SIGNED_SESSIONS, sessionId, (doc) => doc ?? { _id: sessionId, userId: signerId, signedAt });
    },
  },
};
