/**
 * The validation workflow's vocabulary of spec §2 / §3 / §9, shared by the events, the answers (`*.view.ts`) and, as
 * types only, the web apps. A view module: it imports nothing (docs/web-shared-and-data-layer.md).
 */

/** Spec §9: periodic review frequencies and their length in months. */
export const REVIEW_FREQUENCIES = { ONE_YEAR: 12, TWO_YEARS: 24, THREE_YEARS: 36 } as const;
export type ReviewFrequency = keyof typeof REVIEW_FREQUENCIES;
/** Spec §2 "Workflow validation dialog", step 2. */
export const PUBLICATION_DELAYS = ['SCHEDULED', 'IMMEDIATELY', 'NEW_DATE'] as const;
export type PublicationDelay = (typeof PUBLICATION_DELAYS)[number];
/** Spec §3 "Periodic review operation". */
export const REVIEW_DECISIONS = ['NO_REVISION', 'REVISION_NEEDED', 'ARCHIVE'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
/** A validation workflow's state (spec §3 "Workflow"). */
export type WorkflowStatus = 'AWAITING_VALIDATION' | 'REJECTED' | 'CANCELLED' | 'COMPLETED';
/** What an electronic signature means (21 CFR Part 11 §11.50): part of the record. */
export const SIGNATURE_MEANINGS = ['approved', 'rejected', 'reviewed', 'trained'] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];
/** SCHEDULED waits for a reviewer's decision; REVISION_NEEDED and ARCHIVE wait for the author or the admins. */
export type PeriodicReviewStatus = 'SCHEDULED' | 'REVISION_NEEDED' | 'ARCHIVE' | 'STOPPED';
