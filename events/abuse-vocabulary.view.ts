/**
 * The abuse reports' vocabulary, shared by the events, the answers (`*.view.ts`) and, as types only, the web apps.
 * A view module: it imports nothing (docs/web-shared-and-data-layer.md).
 */

export const ABUSE_TARGETS = ['USER', 'SPEACH', 'COMMENT'] as const;
export type AbuseTarget = (typeof ABUSE_TARGETS)[number];
export const ABUSE_REASONS = ['SPAM', 'HARASSMENT', 'HATE', 'INAPPROPRIATE', 'MISINFORMATION', 'COPYRIGHT', 'OTHER'] as const;
export type AbuseReason = (typeof ABUSE_REASONS)[number];
/** What an administrator decided: nothing more than closing it, or acting on the target through its own decider. */
export const ABUSE_RESOLUTIONS = ['DISMISSED', 'COMMENT_HIDDEN', 'USER_DEACTIVATED'] as const;
export type AbuseResolution = (typeof ABUSE_RESOLUTIONS)[number];
