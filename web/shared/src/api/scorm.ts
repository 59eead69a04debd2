/** What a SCORM export packs: the speach as one SCO, or each chapter tracked (docs/scorm.md). */
export type ScormType = 'SCORM_LITE' | 'SCORM_FULL';
