import type { EmbedTokenEvent, ScormExportEvent } from '../events';
import type { ProjectedDocument, ProjectionDefinition } from './projection';
import type { ScormExportFields } from './scorm-export.view';

export const SCORM_EXPORTS = 'scorm_exports';
export const EMBED_TOKENS = 'embed_tokens';

/** One SCORM package job (spec §7 exportScorm), keyed by its file name: what checkScormCreated and download look up. */
export interface ScormExportDocument extends ProjectedDocument, ScormExportFields {}

/** An embed access token, keyed by its id (the SHA-256 of the secret). */
export interface EmbedTokenDocument extends ProjectedDocument {
  speachId: string;
  purpose: 'read' | 'edit';
  source: 'scorm' | 'manual';
  series: number;
  issuedBy: string;
  issuedAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

type ExportData<T extends ScormExportEvent['type']> = Extract<ScormExportEvent, { type: T }>['data'];
type TokenData<T extends EmbedTokenEvent['type']> = Extract<EmbedTokenEvent, { type: T }>['data'];

export const scormProjection: ProjectionDefinition = {
  name: 'scorm',
  version: 1,
  collections: [
    { name: SCORM_EXPORTS, indexes: [{ field: 'status' }, { field: 'exportId' }] },
    { name: EMBED_TOKENS, indexes: [{ field: 'speachId' }] },
  ],
  handlers: {
    ScormExportRequested: async (event, writer) => {
      const d = event.data as ExportData<'ScormExportRequested'>;
      await writer.upsert<ScormExportDocument>(SCORM_EXPORTS, d.name, () => ({
        _id: d.name,
        exportId: d.exportId,
        speachId: d.speachId,
        version: d.version,
        type: d.type,
        contentNavigation: d.contentNavigation,
        contentDelayed: d.contentDelayed,
        origin: d.origin,
        tokenId: d.token?.tokenId ?? null,
        requestedBy: d.requestedBy,
        requestedAt: event.time,
        status: 'RUNNING',
        done: 0,
        total: 0,
        bytes: null,
        sha256: null,
        contentSha256: null,
        finishedAt: null,
        reason: null,
      }));
      // The package's read token is granted by the request itself: one decision, one append.
      const token = d.token;
      if (token) {
        await writer.upsert<EmbedTokenDocument>(
          EMBED_TOKENS,
          token.tokenId,
          (cur) =>
            cur ?? {
              _id: token.tokenId,
              speachId: d.speachId,
              purpose: 'read',
              source: 'scorm',
              series: token.series,
              issuedBy: d.requestedBy,
              issuedAt: event.time,
              expiresAt: token.expiresAt,
              revokedAt: null,
            },
        );
      }
    },
    ScormExportProgressed: async (event, writer) => {
      const d = event.data as ExportData<'ScormExportProgressed'>;
      const [doc] = await writer.find<ScormExportDocument>(SCORM_EXPORTS, { exportId: d.exportId });
      if (doc) await writer.upsert<ScormExportDocument>(SCORM_EXPORTS, doc._id, (cur) => (cur ? { ...cur, done: d.done, total: d.total } : null));
    },
    ScormExportCompleted: async (event, writer) => {
      const d = event.data as ExportData<'ScormExportCompleted'>;
      await writer.upsert<ScormExportDocument>(SCORM_EXPORTS, d.name, (cur) =>
        cur ? { ...cur, status: 'DONE', done: cur.total, bytes: d.bytes, sha256: d.sha256, contentSha256: d.contentSha256, finishedAt: event.time } : null,
      );
    },
    ScormExportFailed: async (event, writer) => {
      const d = event.data as ExportData<'ScormExportFailed'>;
      const [doc] = await writer.find<ScormExportDocument>(SCORM_EXPORTS, { exportId: d.exportId });
      if (doc)
        await writer.upsert<ScormExportDocument>(SCORM_EXPORTS, doc._id, (cur) =>
          cur ? { ...cur, status: 'FAILED', reason: d.reason, finishedAt: event.time } : null,
        );
    },
    EmbedTokenIssued: async (event, writer) => {
      const d = event.data as TokenData<'EmbedTokenIssued'>;
      await writer.upsert<EmbedTokenDocument>(EMBED_TOKENS, d.tokenId, () => ({
        _id: d.tokenId,
        speachId: d.speachId,
        purpose: d.purpose,
        source: d.source,
        series: d.series,
        issuedBy: d.issuedBy,
        issuedAt: event.time,
        expiresAt: d.expiresAt,
        revokedAt: null,
      }));
    },
    EmbedTokenRevoked: async (event, writer) => {
      const d = event.data as TokenData<'EmbedTokenRevoked'>;
      await writer.upsert<EmbedTokenDocument>(EMBED_TOKENS, d.tokenId, (cur) => (cur ? { ...cur, revokedAt: event.time } : null));
    },
  },
};
