/**
 * What the SCORM export calls answer (spec §7, docs/scorm.md). A view module: it imports only other view modules
 * (docs/web-shared-and-data-layer.md).
 */
import type { ScormExportFields } from '../../projections/scorm-export.view';

export type { ScormType } from '../../events/scorm-vocabulary.view';

/** `GET /administration/scorm/status/{name}`: one export job, polled until it is DONE or FAILED. */
export interface ScormExportView extends ScormExportFields {
  _id: string;
}

/** `GET /administration/scorm/exportScorm`: the name of the package being built (spec §7). */
export interface ScormExportStarted {
  dataValue: string;
}
