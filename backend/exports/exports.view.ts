/**
 * What the CSV export calls answer (spec §3 "CSV template", §7 launchMultipleExportCsv). A view module: it imports
 * only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { CsvExportFile, CsvExportStatus } from '../../events/exports-vocabulary.view';

/** `GET /administration/listCsvTemplates`: spec §3 "CSV template"; the labels fall back to the template name when empty. */
export interface CsvTemplateInfo {
  templateName: string;
  labelEn: string;
  labelFr: string;
  labelEs: string;
  labelDe: string;
}

export interface ExportProgress {
  /** Source documents written so far, over every template of the job. */
  done: number;
  total: number;
  percent: number;
  currentTemplate: string | null;
  /** Read-store pages read, and the largest page: evidence that the job streams. */
  pagesRead: number;
  largestPage: number;
}

/** One export job (`launchMultipleExportCsv`, `exports`, `exports/{id}`), each file with the address it downloads from. */
export interface ExportJobView {
  id: string;
  /** INTERRUPTED: the process stopped while it ran (its events say RUNNING, no runner holds it). */
  status: CsvExportStatus | 'INTERRUPTED';
  templateNames: string[];
  requestedBy: string;
  requestedAt: string;
  finishedAt: string | null;
  reason: string | null;
  progress: ExportProgress;
  files: (CsvExportFile & { url: string })[];
}
