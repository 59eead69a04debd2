/**
 * Spec §7 CSV exports: what the export events, the export projection and the jobs' answer share. A view module: it
 * imports nothing (docs/web-shared-and-data-layer.md).
 */

/** One CSV file an export produced, under `DATA_DIR/exports/{exportId}/`. */
export interface CsvExportFile {
  templateName: string;
  fileName: string;
  rows: number;
  bytes: number;
}

/** An export job as its events leave it. */
export type CsvExportStatus = 'RUNNING' | 'DONE' | 'FAILED';
