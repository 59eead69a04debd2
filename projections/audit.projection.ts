import { type AuditedKind, type RecordedEvent, auditedStream, speachIdOf } from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionHandler } from './projection';

export const AUDIT_STREAMS = 'audit_streams';

/** Where a speach's trail lives: the names of its streams, so the auditor reads them without scanning the log. */
export interface AuditStreamsDocument extends ProjectedDocument {
  /** In the order they were first written to. */
  streams: { streamId: string; kind: AuditedKind; firstPosition: number }[];
  /** First event of the speach stream itself: before it, the speach did not exist. */
  createdAt: string | null;
  createdPosition: number | null;
}

const indexStream: ProjectionHandler = async (event: RecordedEvent, writer) => {
  const audited = auditedStream(event.streamId);
  if (!audited) return;
  const speachId = speachIdOf(event);
  if (!speachId) return;
  const existing = await writer.get<AuditStreamsDocument>(AUDIT_STREAMS, speachId);
  const known = existing?.streams.some((s) => s.streamId === event.streamId) ?? false;
  const creates = audited.kind === 'speach' && (existing?.createdPosition ?? null) === null;
  if (known && !creates) return; // most events: nothing new to index, nothing written
  await writer.upsert<AuditStreamsDocument>(AUDIT_STREAMS, speachId, (doc) => {
    const current: AuditStreamsDocument = doc ?? { _id: speachId, streams: [], createdAt: null, createdPosition: null };
    return {
      ...current,
      streams: known ? current.streams : [...current.streams, { streamId: event.streamId, kind: audited.kind, firstPosition: event.position }],
      ...(creates ? { createdAt: event.time, createdPosition: event.position } : {}),
    };
  });
};

/**
 * Every event type is handled (the audited families decide by stream name), so event types that
 * contexts add later are indexed without touching this file.
 */
const everyType = new Proxy({} as Record<string, ProjectionHandler>, {
  get: (_, type) => (typeof type === 'string' ? indexStream : undefined),
});

export const auditProjection: ProjectionDefinition = {
  name: 'audit',
  version: 1,
  collections: [{ name: AUDIT_STREAMS }],
  handlers: everyType,
};
