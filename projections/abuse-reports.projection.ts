import type { AbuseReportEvent } from '../events';
import type { ProjectedDocument, ProjectionDefinition } from './projection';

export const ABUSE_REPORTS = 'abuse_reports';

/** The back office's queue row. */
export interface AbuseReportDocument extends ProjectedDocument {
  reporterId: string;
  target: AbuseReportEvent['data']['target'];
  targetId: string;
  speachId: string | null;
  targetUserId: string | null;
  reason: string;
  details: string;
  status: 'OPEN' | 'RESOLVED';
  resolution: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  createdAt: string;
  position: number;
}

export const abuseReportsProjection: ProjectionDefinition = {
  name: 'abuse-reports',
  version: 1,
  collections: [
    {
      name: ABUSE_REPORTS,
      indexes: [
        { field: 'status' },
        { field: 'target' },
        { field: 'reason' },
        { field: 'createdAt' },
        { fields: [{ field: 'status' }, { field: 'createdAt', direction: -1 }] },
      ],
    },
  ],
  handlers: {
    AbuseReported: async (event, writer) => {
      const d = event.data as Extract<AbuseReportEvent, { type: 'AbuseReported' }>['data'];
      await writer.upsert<AbuseReportDocument>(ABUSE_REPORTS, d.reportId, () => ({
        _id: d.reportId,
        reporterId: d.reporterId,
        target: d.target,
        targetId: d.targetId,
        speachId: d.speachId,
        targetUserId: d.targetUserId,
        reason: d.reason,
        details: d.details,
        status: 'OPEN',
        resolution: null,
        resolvedBy: null,
        resolvedAt: null,
        createdAt: event.time,
        position: event.position,
      }));
    },
    AbuseReportResolved: async (event, writer) => {
      const d = event.data as Extract<AbuseReportEvent, { type: 'AbuseReportResolved' }>['data'];
      await writer.upsert<AbuseReportDocument>(ABUSE_REPORTS, d.reportId, (doc) =>
        doc ? { ...doc, status: 'RESOLVED', resolution: d.resolution, resolvedBy: d.resolvedBy, resolvedAt: event.time } : null,
      );
    },
  },
};
