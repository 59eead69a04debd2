import { accountMessages } from './account';
import { aiMessages } from './ai';
import { analyticsMessages } from './analytics';
import { coversMessages } from './covers';
import { editorSaveMessages } from './editor-save';
import { embedMessages } from './embed';
import { engagementMessages } from './engagement';
import { forumMessages } from './forum';
import { homeMessages } from './home';
import { learnerMessages } from './learner';
import { mediaStudioMessages } from './media-studio';
import { mediaTextMessages } from './media-text';
import { notificationsMessages } from './notifications';
import { notificationReasonsMessages } from './notification-reasons';
import { pathsMessages } from './paths';
import { pathSearchMessages } from './path-search';
import { siteMessages } from './site';
import { workflowMessages } from './workflow';
import { signatureMessages } from './signature';
import { gxpUiMessages } from './gxp-ui';

/** Each feature keeps its messages in its own file; the catalogues are their union with the core ones. */
const FEATURES = [
  homeMessages,
  engagementMessages,
  notificationsMessages,
  accountMessages,
  workflowMessages,
  analyticsMessages,
  siteMessages,
  embedMessages,
  forumMessages,
  notificationReasonsMessages,
  aiMessages,
  learnerMessages,
  pathsMessages,
  coversMessages,
  pathSearchMessages,
  mediaTextMessages,
  mediaStudioMessages,
  signatureMessages,
  editorSaveMessages,
  gxpUiMessages,
  versionVideoMessages,
  feedbackMessages,
  mediaEditorMessages,
  avatarLayoutMessages,
  setPasswordMessages,
  signatureRevocationMessages,
  trainingsMessages,
  appBarMessages,
] as const;
import { versionVideoMessages } from './version-video';
import { feedbackMessages } from './feedback';
import { mediaEditorMessages } from './media-editor';
import { avatarLayoutMessages } from './avatar-layout';
import { setPasswordMessages } from './set-password';
import { signatureRevocationMessages } from './signature-revocation';
import { trainingsMessages } from './trainings';
import { appBarMessages } from './app-bar';

type Union<T> = (T extends unknown ? (x: T) => void : never) extends (x: infer I) => void ? I : never;
export type FeatureCatalog = Union<(typeof FEATURES)[number]['en']>;

function catalog(language: 'en' | 'fr' | 'es' | 'de'): FeatureCatalog {
  return Object.assign({}, ...FEATURES.map((feature) => feature[language])) as FeatureCatalog;
}

export const featureMessages = { en: catalog('en'), fr: catalog('fr'), es: catalog('es'), de: catalog('de') };
