/** Spec §2 "Home and shared screens" and §9: the get-started block's cards, thresholds and show/hide rule. */

export const UNREAD_THRESHOLD = 9;
export const PERIODIC_REVIEWS_THRESHOLD = 1;
export const TO_REVIEW_THRESHOLD = 1;

export type GetStartedCard = 'VALIDATE' | 'AWAITING' | 'AI_GENERATION' | 'CREATE_SPEACH' | 'IMPORT_USERS' | 'UNREAD' | 'PERIODIC_REVIEWS' | 'TO_REVIEW';

/** A count the home could not load is `null`: its card stays hidden, the rest of the page goes on. */
export interface GetStartedCounts {
  toValidate: number | null;
  awaiting: number | null;
  unread: number | null;
  periodicReviews: number | null;
  toReview: number | null;
}

export interface GetStartedUser {
  isAdmin: boolean;
  isAuthor: boolean;
  isApprover: boolean;
  isAiEditor: boolean;
  /** Cards closed for good (`removegetstarted` types). */
  dismissed: readonly string[];
  workflowEnabled: boolean;
  periodicReviewEnabled: boolean;
  aiLicenseAvailable: boolean;
}

const above = (count: number | null, threshold: number) => count !== null && count > threshold;

/** The cards shown, in display order. */
export function getStartedCards(user: GetStartedUser, counts: GetStartedCounts): GetStartedCard[] {
  const cards: GetStartedCard[] = [];
  const workflow = user.workflowEnabled;
  if (workflow && user.isApprover && above(counts.toValidate, 0)) cards.push('VALIDATE');
  if (workflow && user.isAuthor && above(counts.awaiting, 0)) cards.push('AWAITING');
  if (user.isAuthor && user.isAiEditor && user.aiLicenseAvailable) cards.push('AI_GENERATION');
  if (user.isAuthor) cards.push('CREATE_SPEACH');
  if (user.isAdmin && !user.dismissed.includes('USER')) cards.push('IMPORT_USERS');
  if (above(counts.unread, UNREAD_THRESHOLD)) cards.push('UNREAD');
  if (user.periodicReviewEnabled && above(counts.periodicReviews, PERIODIC_REVIEWS_THRESHOLD)) cards.push('PERIODIC_REVIEWS');
  if (workflow && user.isApprover && above(counts.toReview, TO_REVIEW_THRESHOLD)) cards.push('TO_REVIEW');
  return cards;
}

/**
 * The block shows only if the create-speach card, the create-user (import users) card, or at least one
 * of the validate, awaiting or unread counts is above 0 — and never as an empty frame.
 */
export function showGetStarted(cards: readonly GetStartedCard[], counts: GetStartedCounts): boolean {
  if (cards.length === 0) return false;
  return (
    cards.includes('CREATE_SPEACH') || cards.includes('IMPORT_USERS') || above(counts.toValidate, 0) || above(counts.awaiting, 0) || above(counts.unread, 0)
  );
}
