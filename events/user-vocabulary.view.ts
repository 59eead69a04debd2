/**
 * Roles of spec §3 "Roles" (NONE is the absence of any), and AUDITOR (issue #6: read-only audit screens and calls).
 * A view module: it imports nothing (docs/web-shared-and-data-layer.md).
 */
export const ROLES = ['ADMIN', 'FORMATEUR', 'APPROVER', 'AI_EDITOR', 'AUDITOR'] as const;
export type Role = (typeof ROLES)[number];
