import { apiCall } from '../providers/httpClient';
import type { SpeachCard } from '../speaches/types';

import type { ScormExportView, ScormType } from '@speach/web-shared/api';

/** Spec §3 SCORM types; SCORM_LITE is the default (spec §9). */
export type { ScormType };

/** What the dialog and the mass page read of an export job while they poll it. */
export type ScormJob = Pick<ScormExportView, 'status' | 'done' | 'total' | 'reason'>;

/** How often the dialog and the mass page ask whether a package is ready (spec §9: SCORM 2 s). */
export const SCORM_POLL_MS = 2000;

const q = encodeURIComponent;

/** Spec §7 SCORM calls (docs/scorm.md). */
export const scormApi = {
  start: async (id: string, type: ScormType, contentNavigation: boolean) =>
    (
      await apiCall<{ dataValue: string }>(
        `/administration/scorm/exportScorm?id=${q(id)}&contentNavigation=${contentNavigation}&contentDelayed=false&type=${type}`,
      )
    ).dataValue,
  created: (name: string) => apiCall<boolean>(`/administration/scorm/checkScormCreated?name=${q(name)}`),
  status: (name: string) => apiCall<ScormJob>(`/administration/scorm/status/${q(name)}`),
  downloadUrl: (name: string) => `/administration/scorm/download/${q(name)}`,
  bundleUrl: (names: string[]) => `/administration/scorm/downloadAll?names=${q(names.join(','))}`,
  /** Spec §7: the mass page pages through the admin list (page n) until a page comes back empty. */
  page: (page: number) => apiCall<{ result: SpeachCard[]; total: number }>(`/api/v2/admin/speach?page=${page}&state=PUBLIE&sort=LAST_MAJ`),
  classicEnabled: async () => (await apiCall<{ flags: { scormClassicEnabled?: boolean } }>('/api/v2/admin/site/flags')).flags.scormClassicEnabled === true,
};

/** Resolves once the package exists (polled every 2 s), rejects with the job's reason when it failed. */
export function waitForPackage(name: string, onProgress: (job: ScormJob) => void, signal: { cancelled: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    const tick = async () => {
      if (signal.cancelled) return;
      try {
        if (await scormApi.created(name)) {
          resolve();
          return;
        }
        onProgress(await scormApi.status(name));
        window.setTimeout(tick, SCORM_POLL_MS);
      } catch (error) {
        reject(error);
      }
    };
    void tick();
  });
}
