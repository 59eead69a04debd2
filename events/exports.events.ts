import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

export type { CsvExportFile } from './exports-vocabulary.view';
import type { CsvExportFile } from './exports-vocabulary.view';

/** Stream `csv-export-{exportId}`: an administrator asked for these templates (spec §7 launchMultipleExportCsv). */
export type CsvExportRequested = DomainEvent<'CsvExportRequested', { exportId: string; templateNames: string[]; requestedBy: string }>;
/** Every file is written (one CSV per template). */
export type CsvExportCompleted = DomainEvent<'CsvExportCompleted', { exportId: string; files: CsvExportFile[] }>;
/** The job stopped on an error; files written so far are removed. */
export type CsvExportFailed = DomainEvent<'CsvExportFailed', { exportId: string; reason: string }>;

export type CsvExportEvent = CsvExportRequested | CsvExportCompleted | CsvExportFailed;

registerEventType('CsvExportRequested', 1);
registerEventType('CsvExportCompleted', 1);
registerEventType('CsvExportFailed', 1);

export const exportStream = (exportId: string) => `csv-export-${exportId}`;
