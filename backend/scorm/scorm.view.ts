/**
 * What the SCORM export calls answer (spec §7, docs/scorm.md). A view module: it imports only other view modules
 * (docs/web-shared-and-data-layer.md).
 */
import type { ScormType } from '../../events/scorm-vocabulary.view';

export type { ScormType } from '../../events/scorm-vocabulary.view';

/** `GET /administration/scorm/status/{name}`: one export job, polled until it is DONE or FAILED. */
export interface ScormExportView {
  _id: string;
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
