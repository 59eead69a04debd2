/**
 * The other answers both apps read, as the server declares them (`*.view.ts`, docs/web-shared-and-data-layer.md):
 * types only, nothing of the server is bundled.
 */
export type { FeatureFlags } from '../../../../backend/config/feature-flags.view';
export type { BatchUpdateResult } from '../../../../backend/speach/admin-speach.view';
export type {
  AuditSummary,
  AuditedKind,
  AuditedSpeach,
  AuditedSpeachPage,
  ChainReport,
  FieldChange,
  StateAtView,
  TrailEntry,
  TrailPage,
} from '../../../../backend/audit/audit.view';
export type { CsvTemplateInfo, ExportJobView, ExportProgress } from '../../../../backend/exports/exports.view';
export type { CsvExportFile, CsvExportStatus } from '../../../../events/exports-vocabulary.view';
export type { ChapterChange, ContentDiff, LineRow, QuestionChange } from '../../../../backend/signature/content-diff.view';
export type { CompletionView } from '../../../../backend/signature/completion.view';
export type {
  LearnerRef,
  PathQualificationRow,
  PathQualificationView,
  QualificationSignature,
  SpeachQualificationRow,
  SpeachQualificationView,
  TrainingStatus,
  UserQualificationView,
} from '../../../../backend/gxp/qualification.view';
export type {
  ConversationPage,
  ConversationRow,
  Correspondent,
  EarnedBadgeView,
  ForumPostView,
  ForumTopicPage,
  ForumTopicRow,
  ForumTopicView,
  ThreadView,
} from '../../../../backend/forum/forum.view';
export type { AbuseReportRecord, AbuseReportStatus } from '../../../../backend/forum/abuse-report.view';
export type { AbuseReason, AbuseResolution, AbuseTarget } from '../../../../events/abuse-vocabulary.view';
export type { CommentPage, CommentView, EngagementView } from '../../../../backend/engagement/engagement.view';
export type { FlagsView, FooterView, StatementView } from '../../../../backend/site/site.view';
export type { EditableFeatureFlags, FooterCode, FooterItem } from '../../../../events/site-vocabulary.view';
export type { MeResponse } from '../../../../backend/identity/me.view';
export type { HeldMailPage, HeldMailView } from '../../../../backend/engagement/mail/mail.view';
export type { ImportJob, ImportPreview, ImportRow } from '../../../../backend/identity/import/user-import.view';
export type { UserRecord } from '../../../../backend/identity/user-record.view';
export type { UserProfileView, UserSearchPage, UserSearchResult } from '../../../../backend/identity/user-directory.view';
export type { Role } from '../../../../events/user-vocabulary.view';
export type { HomeCard, HomeCardPage, HomeOverview, HomeSlider } from '../../../../backend/home/home.view';
export type {
  NotificationParameterView,
  NotificationParametersView,
  NotificationReasonView,
  NotificationView,
} from '../../../../backend/engagement/notification.view';
export type { NotificationCategory, NotificationFrequency } from '../../../../events/notification-vocabulary.view';
export type {
  ReviewDraft,
  SignatureView,
  StepStatus,
  PeriodicReviewPage,
  PeriodicReviewRow,
  WorkflowDefinitionView,
  WorkflowHistoryView,
  WorkflowStepView,
  WorkflowView,
} from '../../../../backend/workflow/workflow.view';
export type { PublicationDelay, ReviewDecision, ReviewFrequency, SignatureMeaning, WorkflowStatus } from '../../../../events/workflow-vocabulary.view';
