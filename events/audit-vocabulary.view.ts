/**
 * The kinds of stream the auditor's trail folds (docs/audit-trail.md), named in the trail's answer. A view module: it
 * imports nothing (docs/web-shared-and-data-layer.md).
 */
export type AuditedKind = 'speach' | 'workflow' | 'periodicReview' | 'aiGeneration' | 'aiJob' | 'signatureFailures';
