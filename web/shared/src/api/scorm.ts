/**
 * SCORM exports and the embed calls (docs/scorm.md), as the server declares them (backend/scorm/scorm.view.ts,
 * backend/scorm/embed.view.ts): types only.
 */
export type { ScormExportStarted, ScormExportView, ScormType } from '../../../../backend/scorm/scorm.view';
export type { EmbedDraftView, EmbedProgress, EmbedReadChapters, EmbedReadView } from '../../../../backend/scorm/embed.view';
