/**
 * The notification preferences' vocabulary of spec §3 / §6 / §9, shared by the events, the answers (`*.view.ts`) and,
 * as types only, the web apps. A view module: it imports nothing (docs/web-shared-and-data-layer.md).
 */

/** Spec §3 / §9: mail digest frequencies. */
export const NOTIFICATION_FREQUENCIES = ['NONE', 'JOURNALIER', 'HEBDOMADAIRE', 'MENSUEL'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];
/** Spec §6: the preference groups (admin, author, every user). */
export type NotificationCategory = 'ADMIN' | 'TRAINER' | 'USER';
