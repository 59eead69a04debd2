import type { CsvExportEvent, CsvExportFile } from '../events';
import type { ProjectedDocument, ProjectionDefinition } from './projection';

export const CSV_EXPORTS = 'csv_exports';

/** One export job (spec §7 launchMultipleExportCsv): what was asked, by whom, and the files produced. */
export interface CsvExportDocument extends ProjectedDocument {
  templateNames: string[];
  requestedBy: string;
  requestedAt: string;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  files: CsvExportFile[];
  finishedAt: string | null;
  reason: string | null;
}

type Data<T extends CsvExportEvent['type']> = Extract<CsvExportEvent, { type: T }>['data'];

export const csvExportsProjection: ProjectionDefinition = {
  name: 'csv-exports',
  version: 1,
  collections: [{ name: CSV_EXPORTS, indexes: [{ field: 'status' }] }],
  handlers: {
    CsvExportRequested: async (event, writer) => {
      const data = event.data as Data<'CsvExportRequested'>;
      await writer.upsert<CsvExportDocument>(CSV_EXPORTS, data.exportId, () => ({
        _id: data.exportId,
        templateNames: data.templateNames,
        requestedBy: data.requestedBy,
        requestedAt: event.time,
        status: 'RUNNING',
        files: [],
        finishedAt: null,
        reason: null,
      }));
    },
    CsvExportCompleted: async (event, writer) => {
      const data = event.data as Data<'CsvExportCompleted'>;
      await writer.upsert<CsvExportDocument>(CSV_EXPORTS, data.exportId, (doc) =>
        doc ? { ...doc, status: 'DONE', files: data.files, finishedAt: event.time } : null,
      );
    },
    CsvExportFailed: async (event, writer) => {
      const data = event.data as Data<'CsvExportFailed'>;
      await writer.upsert<CsvExportDocument>(CSV_EXPORTS, data.exportId, (doc) =>
        doc ? { ...doc, status: 'FAILED', reason: data.reason, finishedAt: event.time } : null,
      );
    },
  },
};
