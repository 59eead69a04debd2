import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';
import type { NotificationCategory, NotificationFrequency } from './notification-vocabulary.view';

export { NOTIFICATION_FREQUENCIES, type NotificationCategory, type NotificationFrequency } from './notification-vocabulary.view';

/** Spec §5: a rating is a whole number from 1 to 5. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The spec gives no limit for comments: 2000 characters, plain text. */
export const COMMENT_MAX = 2000;

/**
 * Spec §3 "Notification types by audience", one name per type. `category` is the spec's preference group
 * (ADMIN, TRAINER, USER); `roles` narrows who sees the type in the preferences (none: everyone).
 */
export const NOTIFICATION_TYPES = {
  // Author (TRAINER)
  NEW_LEARNER: { category: 'TRAINER', roles: ['FORMATEUR', 'ADMIN'] },
  NEW_COMMENT: { category: 'TRAINER', roles: ['FORMATEUR', 'ADMIN'] },
  FAVORITE_ADDED: { category: 'TRAINER', roles: ['FORMATEUR'] },
  SPEACH_SHARED: { category: 'TRAINER', roles: ['FORMATEUR'] },
  EXAM_ANSWER: { category: 'TRAINER', roles: ['FORMATEUR'] },
  SURVEY_ANSWER: { category: 'TRAINER', roles: ['FORMATEUR'] },
  NEW_COEDITING: { category: 'TRAINER', roles: ['FORMATEUR'] },
  WORKFLOW_VALIDATED: { category: 'TRAINER', roles: ['FORMATEUR'] },
  VALIDATED_BY_USER: { category: 'TRAINER', roles: ['FORMATEUR'] },
  REFUSED: { category: 'TRAINER', roles: ['FORMATEUR'] },
  REFUSED_BY_USER: { category: 'TRAINER', roles: ['FORMATEUR'] },
  PUBLISHED: { category: 'TRAINER', roles: ['FORMATEUR'] },
  UNPUBLISHED: { category: 'TRAINER', roles: ['FORMATEUR'] },
  DUE_DATE_EXPIRED: { category: 'TRAINER', roles: ['FORMATEUR', 'ADMIN'] },
  // Admin
  NEW_SPEACH_PUBLISHED: { category: 'ADMIN', roles: ['ADMIN'] },
  NEW_PATH_PUBLISHED: { category: 'ADMIN', roles: ['ADMIN'] },
  NEW_USER: { category: 'ADMIN', roles: ['ADMIN'] },
  ABUSE_REPORTED_USER: { category: 'ADMIN', roles: ['ADMIN'] },
  ABUSE_REPORTED_SPEACH: { category: 'ADMIN', roles: ['ADMIN'] },
  PERIODIC_REVIEW_ASSIGNED: { category: 'ADMIN', roles: ['ADMIN', 'APPROVER'] },
  // Every user (validators and reviewers are users with the approver role)
  NEW_MESSAGE: { category: 'USER', roles: [] },
  NEW_ASSIGNMENT: { category: 'USER', roles: [] },
  NEW_TOPIC_MESSAGE: { category: 'USER', roles: [] },
  BADGE_OBTAINED: { category: 'USER', roles: [] },
  DUE_DATE_APPROACHING: { category: 'USER', roles: [] },
  SPEACH_TO_VALIDATE: { category: 'USER', roles: ['APPROVER'] },
} as const satisfies Record<string, { category: NotificationCategory; roles: readonly string[] }>;
export type NotificationType = keyof typeof NOTIFICATION_TYPES;
export const NOTIFICATION_TYPE_NAMES = Object.keys(NOTIFICATION_TYPES) as NotificationType[];

export const DEFAULT_NOTIFICATION_FREQUENCY: NotificationFrequency = 'HEBDOMADAIRE';
/** The languages mails are written in (the learner app's languages). */
export const MAIL_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Stream `engagement-{userId}`: one learner's ratings and follows. */
export type SpeachRated = DomainEvent<'SpeachRated', { speachId: string; userId: string; rating: number }>;
export type SpeachFollowed = DomainEvent<'SpeachFollowed', { speachId: string; userId: string }>;
export type SpeachUnfollowed = DomainEvent<'SpeachUnfollowed', { speachId: string; userId: string }>;
export type EngagementEvent = SpeachRated | SpeachFollowed | SpeachUnfollowed;

/** Stream `comments-{speachId}`: the comments of one speach. `text` is plain text, never HTML. */
export type CommentPosted = DomainEvent<'CommentPosted', { commentId: string; speachId: string; userId: string; text: string }>;
export type CommentDeleted = DomainEvent<'CommentDeleted', { commentId: string; speachId: string; deletedBy: string }>;
export type CommentEvent = CommentPosted | CommentDeleted;

/** Stream `notifications-{userId}`: one user's notification preferences and acknowledgements. */
export type NotificationTypeActivated = DomainEvent<'NotificationTypeActivated', { userId: string; type: NotificationType }>;
export type NotificationTypeDeactivated = DomainEvent<'NotificationTypeDeactivated', { userId: string; type: NotificationType }>;
export type NotificationFrequencyChanged = DomainEvent<'NotificationFrequencyChanged', { userId: string; frequency: NotificationFrequency }>;
/** The language of the user's mails (the learner app reports the one it shows). */
export type NotificationLanguageChanged = DomainEvent<'NotificationLanguageChanged', { userId: string; language: MailLanguage }>;
/** The user opened the bell: every notification raised before this event is read. */
export type NotificationsAcknowledged = DomainEvent<'NotificationsAcknowledged', { userId: string }>;
export type NotificationSettingsEvent =
  NotificationTypeActivated | NotificationTypeDeactivated | NotificationFrequencyChanged | NotificationsAcknowledged | NotificationLanguageChanged;

for (const type of [
  'SpeachRated',
  'SpeachFollowed',
  'SpeachUnfollowed',
  'CommentPosted',
  'CommentDeleted',
  'NotificationTypeActivated',
  'NotificationTypeDeactivated',
  'NotificationFrequencyChanged',
  'NotificationsAcknowledged',
  'NotificationLanguageChanged',
]) {
  registerEventType(type, 1);
}

export const engagementStream = (userId: string) => `engagement-${userId}`;
export const commentsStream = (speachId: string) => `comments-${speachId}`;
export const notificationSettingsStream = (userId: string) => `notifications-${userId}`;
