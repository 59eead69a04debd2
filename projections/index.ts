import { aiProjection } from './ai.projection';
import { analyticsProjection } from './analytics.projection';
import { auditProjection } from './audit.projection';
import { engagementProjection } from './engagement.projection';
import { notificationsProjection } from './notifications.projection';
import { csvExportsProjection } from './csv-exports.projection';
import { scormProjection } from './scorm.projection';
import { mediaProjection } from './media.projection';
import { videoEditsProjection } from './video-edits.projection';
import { organisationProjection } from './organisation.projection';
import { pathsProjection } from './paths.projection';
import { pathSearchProjection } from './path-search.projection';
import { pathDueDatesProjection } from './path-due-dates.projection';
import type { ProjectionDefinition } from './projection';
import { speachesProjection } from './speaches.projection';
import { speachSearchProjection } from './speach-search.projection';
import { sessionsProjection } from './sessions.projection';
import { siteSettingsProjection } from './site-settings.projection';
import { termsProjection } from './terms.projection';
import { usersProjection } from './users.projection';
import { workflowsProjection } from './workflows.projection';
import { forumProjection } from './forum.projection';
import { messagesProjection } from './messages.projection';
import { badgesProjection } from './badges.projection';
import { abuseReportsProjection } from './abuse-reports.projection';
import { subtitlesProjection } from './subtitles.projection';
import { aiAvatarProjection } from './ai-avatar.projection';
import { avatarLayoutProjection } from './avatar-layout.projection';

import { qualificationProjection } from './qualification.projection';
import { signatureAttemptsProjection } from './signature-attempts.projection';
import { signerNamesProjection } from './signer-names.projection';
/** Every read model of the product. A feature's projection is added here when it lands. */
export const allProjections: ProjectionDefinition[] = [
  usersProjection,
  sessionsProjection,
  organisationProjection,
  termsProjection,
  speachesProjection,
  speachSearchProjection,
  siteSettingsProjection,
  csvExportsProjection,
  engagementProjection,
  notificationsProjection,
  workflowsProjection,
  analyticsProjection,
  auditProjection,
  scormProjection,
  forumProjection,
  messagesProjection,
  badgesProjection,
  abuseReportsProjection,
  aiProjection,
  pathsProjection,
  pathSearchProjection,
  pathDueDatesProjection,
  mediaProjection,
  subtitlesProjection,
  aiAvatarProjection,
  avatarLayoutProjection,
  videoEditsProjection,
  qualificationProjection,
  signatureAttemptsProjection,
  signerNamesProjection,
];

export * from './projection';
export { ProjectionRunner } from './projection-runner';
