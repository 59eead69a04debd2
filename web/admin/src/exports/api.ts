import type { CsvTemplateInfo, ExportJobView } from '@speach/web-shared/api';
import { HttpError } from 'react-admin';
import { apiCall } from '../providers/httpClient';

/** Spec §3 "CSV template". */
export type CsvTemplate = CsvTemplateInfo;

/** An export job as the list and the launch answer it (the admin screens do not show who asked nor the read pages). */
export type ExportJob = Omit<ExportJobView, 'requestedBy' | 'progress'> & { progress: Omit<ExportJobView['progress'], 'pagesRead' | 'largestPage'> };

/** The label in the interface's language, else the template's name (spec §3). */
export function templateLabel(template: CsvTemplate, locale: string): string {
  const byLocale: Record<string, string> = { en: template.labelEn, fr: template.labelFr, es: template.labelEs, de: template.labelDe };
  return byLocale[locale]?.trim() || template.templateName;
}

export const listTemplates = () => apiCall<CsvTemplate[]>('/administration/listCsvTemplates?dataType=json&superAdminAccess=true');
export const launchExport = (templateNames: string[]) =>
  apiCall<ExportJob>('/administration/launchMultipleExportCsv', { method: 'POST', body: { dataType: 'json', templateNames } });
export const recentExports = () => apiCall<ExportJob[]>('/administration/exports');

/** Downloads with the session's credentials (the file is not public), then hands it to the browser. */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new HttpError(response.statusText, response.status);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
