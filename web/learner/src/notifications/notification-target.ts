import { slug } from '../layout/slug';

/** What a notification carries that says where it leads (the API's notification shape, spec §3). */
export interface NotificationFacts {
  typeNotification: string;
  speach: { speachID: string; title: string } | null;
  sourceUser: { id: string; firstName: string; lastName: string } | null;
  data?: Record<string, unknown>;
}

type Target = (n: NotificationFacts) => string | null;

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const enc = encodeURIComponent;

const speachPage: Target = (n) => (n.speach ? `/s/${enc(n.speach.speachID)}/${slug(n.speach.title)}` : null);
const editor: Target = (n) => (n.speach ? `/recorder/edit/${enc(n.speach.speachID)}` : null);
const validator: Target = (n) => (n.speach ? `/workflow/validator/${enc(n.speach.speachID)}` : null);
const authorWorkflow: Target = (n) => (n.speach ? `/workflow/author/${enc(n.speach.speachID)}` : null);
const speachAnalytics: Target = (n) => (n.speach ? `/analytics/s/${enc(n.speach.speachID)}` : null);

/** A path notification names its path (`data.pathId`); without one it is about a speach. */
const pathOrSpeach: Target = (n) => {
  const pathId = text(n.data?.pathId);
  return pathId ? `/p/${enc(pathId)}/${slug(text(n.data?.pathTitle) ?? 'path')}` : speachPage(n);
};

/** The comment itself, on its speach page (the comment list gives each comment this anchor). */
const comment: Target = (n) => {
  const page = speachPage(n);
  const commentId = text(n.data?.commentId);
  return page && commentId ? `${page}#comment-${enc(commentId)}` : page;
};

/** The person the notification is about: `data.userId` when the raiser names one, else who caused it. */
const profile: Target = (n) => {
  const userId = text(n.data?.userId) ?? n.sourceUser?.id ?? null;
  if (!userId) return null;
  const name = text(n.data?.userName) ?? (n.sourceUser && n.sourceUser.id === userId ? `${n.sourceUser.firstName} ${n.sourceUser.lastName}` : 'user');
  return `/profil/${enc(userId)}/${slug(name)}`;
};

/** A forum message opens its speach's discussion; a private message its conversation. */
const topic: Target = (n) => {
  const page = pathOrSpeach(n);
  const topicId = text(n.data?.topicId);
  return page && topicId ? `${page}#topic-${enc(topicId)}` : page;
};
const conversation: Target = (n) => {
  const conversationId = text(n.data?.conversationId);
  return conversationId ? `/messages/${enc(conversationId)}` : '/messages';
};

/**
 * Spec §3 "Notification types by audience": each type opens the screen that acts on it. An approver
 * validates on the validator page, an author follows the workflow on the author page, a learner reads.
 */
export const NOTIFICATION_TARGETS: Record<string, Target> = {
  NEW_LEARNER: speachAnalytics,
  NEW_COMMENT: comment,
  FAVORITE_ADDED: speachAnalytics,
  SPEACH_SHARED: speachPage,
  EXAM_ANSWER: speachAnalytics,
  SURVEY_ANSWER: speachAnalytics,
  NEW_COEDITING: editor,
  WORKFLOW_VALIDATED: authorWorkflow,
  VALIDATED_BY_USER: authorWorkflow,
  REFUSED: authorWorkflow,
  REFUSED_BY_USER: authorWorkflow,
  PUBLISHED: speachPage,
  UNPUBLISHED: editor,
  DUE_DATE_EXPIRED: speachAnalytics,
  NEW_SPEACH_PUBLISHED: speachPage,
  NEW_PATH_PUBLISHED: pathOrSpeach,
  NEW_USER: profile,
  ABUSE_REPORTED_USER: profile,
  ABUSE_REPORTED_SPEACH: speachPage,
  PERIODIC_REVIEW_ASSIGNED: validator,
  NEW_MESSAGE: conversation,
  NEW_ASSIGNMENT: pathOrSpeach,
  NEW_TOPIC_MESSAGE: topic,
  BADGE_OBTAINED: pathOrSpeach,
  DUE_DATE_APPROACHING: pathOrSpeach,
  SPEACH_TO_VALIDATE: validator,
};

/** The address a notification opens, or null when it leads nowhere (an unknown type, its speach gone). */
export function notificationTarget(n: NotificationFacts): string | null {
  const target = NOTIFICATION_TARGETS[n.typeNotification];
  return target ? target(n) : null;
}
