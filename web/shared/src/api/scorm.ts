/** SCORM exports (docs/scorm.md), as the server declares them (backend/scorm/scorm.view.ts): types only. */
export type { ScormExportView, ScormType } from '../../../../backend/scorm/scorm.view';
