/** The speach card as the API answers it (docs/speach-api.md, spec §3). Only the fields the back office uses. */

export type SpeachState = 'NON_PUBLIE' | 'PUBLIE' | 'ARCHIVE';
export type Visibility = 'PUBLIC' | 'PRIVE' | 'SEMI_PRIVE' | 'RESTREINT';

export const STATES: SpeachState[] = ['PUBLIE', 'NON_PUBLIE', 'ARCHIVE'];
export const VISIBILITIES: Visibility[] = ['PUBLIC', 'PRIVE', 'SEMI_PRIVE', 'RESTREINT'];
/** Spec §9 languages. */
export const LANGUAGES = ['en-US', 'en-GB', 'fr-FR', 'es-ES', 'de-DE', 'pt-PT', 'it-IT', 'zh-CN'] as const;

export interface Person {
  id: string;
  userID?: string;
  firstName: string;
  lastName: string;
  email: string;
  img?: string | null;
}

export interface Named {
  id: string;
  name: string;
}

export interface SpeachCard {
  id: string;
  speachID: string;
  title: string;
  description: string | null;
  tags?: string;
  language: string;
  category: Named | null;
  state: SpeachState;
  publication: boolean;
  isTemplate?: boolean;
  isWorkflowInProgress?: boolean;
  delayed_till?: string | null;
  futureVersionDelayedTillTimestamp?: number | null;
  visibility: Visibility;
  accessCode: boolean;
  isPinnedOnHome: boolean;
  lastUpdatedDate?: string | null;
  lastUpdatedTimestamp: number | null;
  archivedDate?: string | null;
  version?: number;
  authorId: string;
  authorsInfos: { author: Person | null; coEditors: Person[]; coEditorGroups: Named[] };
  affectationUsersInfos: { affectedUsers: Person[]; affectedGroups: Named[] };
  metadata: {
    dueDate: string | null;
    dueDateTimestamp: number | null;
    unpublishAfterDueDate: boolean;
    nextPeriodicReviewTimestamp?: number | null;
    periodicReviewUsers: Person[];
    periodicReviewGroups: Named[];
    lockedSubchapters: boolean;
  };
}

/** Answer of PUT /api/v2/admin/speach/batch-update. */
export interface BatchUpdateResult {
  updated: number;
  skipped: { speachID: string; title: string; reason: string }[];
  scheduledExcluded: number;
}

export function personName(p: Pick<Person, 'firstName' | 'lastName'> | null | undefined): string {
  return p ? `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() : '';
}
