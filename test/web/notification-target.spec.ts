import { NOTIFICATION_TYPE_NAMES, type NotificationType } from '../../events';
import { NOTIFICATION_TARGETS, type NotificationFacts, notificationTarget } from '../../web/learner/src/notifications/notification-target';

const speach = { speachID: 'sp-1', title: 'Phishing awareness' };
const alice = { id: 'u-alice', firstName: 'Alice', lastName: 'Martin' };
const about = (typeNotification: string, data: Record<string, unknown> = {}): NotificationFacts => ({ typeNotification, speach, sourceUser: alice, data });

/** Issue 17 defect 1: every type opens the screen that acts on it, never a speach page that refuses the reader. */
const EXPECTED: Record<NotificationType, [NotificationFacts, string]> = {
  NEW_LEARNER: [about('NEW_LEARNER'), '/analytics/s/sp-1'],
  NEW_COMMENT: [about('NEW_COMMENT', { commentId: 'c-9' }), '/s/sp-1/phishing-awareness#comment-c-9'],
  FAVORITE_ADDED: [about('FAVORITE_ADDED'), '/analytics/s/sp-1'],
  SPEACH_SHARED: [about('SPEACH_SHARED'), '/s/sp-1/phishing-awareness'],
  EXAM_ANSWER: [about('EXAM_ANSWER'), '/analytics/s/sp-1'],
  SURVEY_ANSWER: [about('SURVEY_ANSWER'), '/analytics/s/sp-1'],
  NEW_COEDITING: [about('NEW_COEDITING'), '/recorder/edit/sp-1'],
  WORKFLOW_VALIDATED: [about('WORKFLOW_VALIDATED'), '/workflow/author/sp-1'],
  VALIDATED_BY_USER: [about('VALIDATED_BY_USER', { step: 1 }), '/workflow/author/sp-1'],
  REFUSED: [about('REFUSED', { step: 1, comment: 'no' }), '/workflow/author/sp-1'],
  REFUSED_BY_USER: [about('REFUSED_BY_USER'), '/workflow/author/sp-1'],
  PUBLISHED: [about('PUBLISHED'), '/s/sp-1/phishing-awareness'],
  UNPUBLISHED: [about('UNPUBLISHED'), '/recorder/edit/sp-1'],
  DUE_DATE_EXPIRED: [about('DUE_DATE_EXPIRED'), '/analytics/s/sp-1'],
  NEW_SPEACH_PUBLISHED: [about('NEW_SPEACH_PUBLISHED'), '/s/sp-1/phishing-awareness'],
  NEW_PATH_PUBLISHED: [
    { typeNotification: 'NEW_PATH_PUBLISHED', speach: null, sourceUser: alice, data: { pathId: 'p-7', pathTitle: 'Sécurité 101' } },
    '/p/p-7/securite-101',
  ],
  NEW_USER: [{ typeNotification: 'NEW_USER', speach: null, sourceUser: null, data: { userId: 'u-bob', userName: 'Bob Durand' } }, '/profil/u-bob/bob-durand'],
  ABUSE_REPORTED_USER: [{ typeNotification: 'ABUSE_REPORTED_USER', speach: null, sourceUser: alice, data: { userId: 'u-eve' } }, '/profil/u-eve/user'],
  ABUSE_REPORTED_SPEACH: [about('ABUSE_REPORTED_SPEACH'), '/s/sp-1/phishing-awareness'],
  PERIODIC_REVIEW_ASSIGNED: [about('PERIODIC_REVIEW_ASSIGNED'), '/workflow/validator/sp-1'],
  NEW_MESSAGE: [{ typeNotification: 'NEW_MESSAGE', speach: null, sourceUser: alice, data: { conversationId: 'cv-3' } }, '/messages/cv-3'],
  NEW_ASSIGNMENT: [about('NEW_ASSIGNMENT'), '/s/sp-1/phishing-awareness'],
  NEW_TOPIC_MESSAGE: [about('NEW_TOPIC_MESSAGE', { topicId: 't-4' }), '/s/sp-1/phishing-awareness#topic-t-4'],
  BADGE_OBTAINED: [about('BADGE_OBTAINED'), '/s/sp-1/phishing-awareness'],
  DUE_DATE_APPROACHING: [about('DUE_DATE_APPROACHING'), '/s/sp-1/phishing-awareness'],
  SPEACH_TO_VALIDATE: [about('SPEACH_TO_VALIDATE', { step: 1 }), '/workflow/validator/sp-1'],
};

describe('notification targets (issue 17 defect 1)', () => {
  it('has a target for every notification type the backend raises, and none it does not know', () => {
    expect(Object.keys(NOTIFICATION_TARGETS).sort()).toEqual([...NOTIFICATION_TYPE_NAMES].sort());
  });

  it.each(NOTIFICATION_TYPE_NAMES.map((type) => [type]))('%s opens the screen that acts on it', (type) => {
    const [notification, address] = EXPECTED[type as NotificationType];
    expect(notificationTarget(notification)).toBe(address);
  });

  it('a speach to validate opens the validator page, not the published speach page', () => {
    expect(notificationTarget(about('SPEACH_TO_VALIDATE'))).not.toMatch(/^\/s\//);
  });

  it('an assignment or a badge of a path opens the path', () => {
    expect(notificationTarget(about('NEW_ASSIGNMENT', { pathId: 'p-1', pathTitle: 'Onboarding' }))).toBe('/p/p-1/onboarding');
    expect(notificationTarget(about('BADGE_OBTAINED', { pathId: 'p-1' }))).toBe('/p/p-1/path');
  });

  it('a private message without a conversation opens the messages page; a new user falls back to whoever caused it', () => {
    expect(notificationTarget({ typeNotification: 'NEW_MESSAGE', speach: null, sourceUser: alice })).toBe('/messages');
    expect(notificationTarget({ typeNotification: 'NEW_USER', speach: null, sourceUser: alice })).toBe('/profil/u-alice/alice-martin');
  });

  it('leads nowhere for an unknown type or a speach notification whose speach is gone', () => {
    expect(notificationTarget(about('NOT_A_TYPE'))).toBeNull();
    expect(notificationTarget({ typeNotification: 'SPEACH_TO_VALIDATE', speach: null, sourceUser: null })).toBeNull();
  });

  it('escapes ids it puts in an address', () => {
    expect(notificationTarget({ typeNotification: 'SPEACH_TO_VALIDATE', speach: { speachID: 'a/b?c', title: 'x' }, sourceUser: null })).toBe(
      '/workflow/validator/a%2Fb%3Fc',
    );
  });
});
