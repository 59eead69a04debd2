/**
 * One SCORM export job as the scorm projection stores it and the status call answers it (spec §7 exportScorm).
 * A view module: it imports only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { ScormType } from '../events/scorm-vocabulary.view';

export interface ScormExportFields {
  exportId: string;
  speachId: string;
  version: number;
  type: ScormType;
  contentNavigation: boolean;
  contentDelayed: boolean;
  origin: string;
  tokenId: string | null;
  requestedBy: string;
  requestedAt: string;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  done: number;
  total: number;
  bytes: number | null;
  sha256: string | null;
  contentSha256: string | null;
  finishedAt: string | null;
  reason: string | null;
}
