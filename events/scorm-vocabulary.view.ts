/**
 * Spec §3 "SCORM types": SCORM_LITE embeds the live speach, SCORM_FULL carries its content. A view module: it
 * imports nothing (docs/web-shared-and-data-layer.md).
 */
export const SCORM_TYPES = ['SCORM_LITE', 'SCORM_FULL'] as const;
export type ScormType = (typeof SCORM_TYPES)[number];
