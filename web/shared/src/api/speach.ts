/**
 * The speach card as the API answers it (backend/speach/speach-views.ts `toCard`, docs/speach-api.md).
 * Fields some endpoints leave out are optional.
 */

export const SPEACH_STATES = ['PUBLIE', 'NON_PUBLIE', 'ARCHIVE'] as const;
export type SpeachState = (typeof SPEACH_STATES)[number];

export const VISIBILITIES = ['PUBLIC', 'PRIVE', 'SEMI_PRIVE', 'RESTREINT'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** Spec §9 content languages. */
export const SPEACH_LANGUAGES = ['en-US', 'en-GB', 'fr-FR', 'es-ES', 'de-DE', 'pt-PT', 'it-IT', 'zh-CN'] as const;
export type SpeachLanguage = (typeof SPEACH_LANGUAGES)[number];

export const BADGES = ['NONE', 'AVANCEMENT', 'RESULTAT', 'FORMATEUR', 'MIX'] as const;
export type Badge = (typeof BADGES)[number];

export interface Person {
  id: string;
  userID: string;
  firstName: string;
  lastName: string;
  email: string;
  img: string | null;
}

export interface Named {
  id: string;
  name: string;
}

export interface SpeachCard {
  id: string;
  speachID: string;
  title: string;
  img: string | null;
  /** The uploaded cover's sizes (320, 640, 1280 px wide), for `srcset`. */
  cover?: { small: string; medium: string; large: string } | null;
  description: string | null;
  tags: string | null;
  language: SpeachLanguage;
  category: Named | null;
  state: SpeachState;
  publication: boolean;
  isFavori: boolean;
  isTemplate: boolean;
  canEdit: boolean;
  canShare: boolean;
  canApprove: boolean;
  canView: boolean;
  isWorkflowInProgress?: boolean;
  /** The newest workflow is GMP-regulated: decisions and completions are signed (issue 23). */
  regulated_gmp?: boolean;
  delayed_till: string | null;
  delayedTillTimestamp: number | null;
  futureVersionDelayedTillTimestamp: number | null;
  hasPendingUpdates: boolean;
  visibility: Visibility;
  accessCode: boolean;
  isPinnedOnHome: boolean;
  publicationDate: string | null;
  lastUpdatedDate: string | null;
  lastUpdatedTimestamp?: number | null;
  archivedDate?: string | null;
  version: number;
  publishedVersion: number | null;
  authorId: string;
  authorsInfos?: { author: Person; coEditors: Person[]; coEditorGroups: Named[] };
  affectationUsersInfos?: { affectedUsers: Person[]; affectedGroups: Named[] };
  metadata: {
    dueDate: string | null;
    dueDateTimestamp: number | null;
    unpublishAfterDueDate: boolean;
    lockedSubchapters: boolean;
    nextPeriodicReviewTimestamp?: number | null;
    periodicReviewUsers?: Person[];
    periodicReviewGroups?: Named[];
    [key: string]: unknown;
  };
  badge: Badge;
  templateId: string | null;
  chapterCount: number;
}

export function personName(p: Pick<Person, 'firstName' | 'lastName'> | null | undefined): string {
  return p ? `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() : '';
}
