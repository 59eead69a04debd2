import { MemoryEventStore } from '../backend/infrastructure/event-store/memory-event-store';
import { MemoryReadStore } from '../backend/infrastructure/read-store/memory-read-store';
import { newEvent } from '../test/support/events';
import { NOTIFICATIONS, type NotificationDocument, notificationsProjection } from './notifications.projection';
import { ProjectionRunner } from './projection-runner';

type Row = [stream: string, type: string, data: Record<string, unknown>, userId?: string | null];
const silent = { log: () => undefined, error: () => undefined };

/** Projects the events (twice over when `replay`: a redelivery must change nothing) and answers [user, type, rule] rows. */
async function project(events: Row[], replay = false) {
  const store = new MemoryEventStore();
  const readStore = new MemoryReadStore({ freezeAdopted: true });
  for (const [stream, type, data, userId] of events)
    await store.appendToStream(stream, [newEvent(type, data, userId === undefined ? null : userId)], { expectedRevision: 'any' });
  for (let pass = 0; pass < (replay ? 2 : 1); pass++) {
    // A second runner on the same read store resumes from the checkpoint; reset it to replay everything.
    if (pass === 1) await readStore.checkpoints.save({ name: notificationsProjection.name, position: 0, version: notificationsProjection.version });
    const runner = new ProjectionRunner(store, readStore, [notificationsProjection], silent);
    await runner.start();
    await runner.catchUp(5000);
    await runner.stop();
  }
  const docs = await readStore.collection<NotificationDocument>(NOTIFICATIONS).find({}, { sort: { position: 1, userId: 1 } });
  return { rows: docs.map((n) => [n.userId, n.type, n.reason?.rule]), docs };
}

const users: Row[] = [
  ['user-admin', 'UserRegistered', { userId: 'admin', roles: ['ADMIN'] }],
  ['user-author', 'UserRegistered', { userId: 'author', roles: ['FORMATEUR'] }],
  ['user-reader', 'UserRegistered', { userId: 'reader', roles: [] }],
];
const created: Row = ['speach-s1', 'SpeachCreated', { speachId: 's1', authorId: 'author', title: 'T' }, 'author'];
const published = (version = 1): Row => ['speach-s1', 'SpeachPublished', { speachId: 's1', version, scheduledFor: null }, 'admin'];
const muted = (userId: string, type: string): Row => [`notifications-${userId}`, 'NotificationTypeDeactivated', { userId, type }, userId];
const of = (rows: unknown[][], type: string) => rows.filter((r) => r[1] === type);

describe('notification types (spec §3 by audience)', () => {
  it('NEW_USER: the admins are told of each new user, the newcomer and its creator are not', async () => {
    const { rows } = await project([
      ...users.slice(0, 1),
      ['user-author', 'UserRegistered', { userId: 'author', roles: ['FORMATEUR'] }, 'admin'],
      ['user-x', 'UserRegistered', { userId: 'x', roles: [] }, 'seed'],
    ]);
    expect(of(rows, 'NEW_USER')).toEqual([['admin', 'NEW_USER', 'admin']]);
  });

  it('NEW_LEARNER: the author and the admins, once per reader and speach', async () => {
    const read = (chapterId: string): Row => ['learner-reader', 'ChapterRead', { speachId: 's1', userId: 'reader', chapterId, version: 1 }, 'reader'];
    const { rows } = await project([...users, created, published(), read('c1'), read('c2')], true);
    expect(of(rows, 'NEW_LEARNER')).toEqual([
      ['admin', 'NEW_LEARNER', 'admin'],
      ['author', 'NEW_LEARNER', 'speach-editor'],
    ]);
  });

  it('NEW_COMMENT: the editors and the admins; the writer never', async () => {
    const { rows, docs } = await project([
      ...users,
      created,
      ['comments-s1', 'CommentPosted', { commentId: 'c1', speachId: 's1', userId: 'reader', text: 'hi' }, 'reader'],
    ]);
    expect(of(rows, 'NEW_COMMENT')).toEqual([
      ['admin', 'NEW_COMMENT', 'admin'],
      ['author', 'NEW_COMMENT', 'speach-editor'],
    ]);
    const comment = docs.find((d) => d.type === 'NEW_COMMENT' && d.userId === 'author')!;
    expect(comment.reason).toEqual({ eventId: expect.any(String), eventType: 'CommentPosted', rule: 'speach-editor', preference: 'NEW_COMMENT' });
  });

  it('an admin who also writes the speach is told once, as its editor', async () => {
    const { rows } = await project([
      ...users,
      ['speach-s2', 'SpeachCreated', { speachId: 's2', authorId: 'admin', title: 'A' }, 'admin'],
      ['comments-s2', 'CommentPosted', { commentId: 'c', speachId: 's2', userId: 'reader', text: 'x' }, 'reader'],
    ]);
    expect(of(rows, 'NEW_COMMENT')).toEqual([['admin', 'NEW_COMMENT', 'speach-editor']]);
  });

  it('EXAM_ANSWER and SURVEY_ANSWER: the editors, with the score; a practice quiz tells nothing', async () => {
    const answer = (contentType: string, chapterId: string): Row => [
      'learner-reader',
      'ChapterAnswered',
      { speachId: 's1', userId: 'reader', chapterId, contentType, answers: {}, text: null, score: 3, max: 4, passed: true },
      'reader',
    ];
    const { rows, docs } = await project([
      ...users,
      created,
      answer('QUIZZ_EXAMEN', 'e'),
      answer('SONDAGE', 's'),
      answer('QUESTION_OUVERTE', 'q'),
      answer('QUIZZ', 'p'),
    ]);
    expect(of(rows, 'EXAM_ANSWER')).toEqual([['author', 'EXAM_ANSWER', 'speach-editor']]);
    expect(of(rows, 'SURVEY_ANSWER')).toEqual([
      ['author', 'SURVEY_ANSWER', 'speach-editor'],
      ['author', 'SURVEY_ANSWER', 'speach-editor'],
    ]);
    expect(docs.find((d) => d.type === 'EXAM_ANSWER')!.data).toEqual({ chapterId: 'e', score: 3, max: 4, passed: true });
  });

  it('PUBLISHED and UNPUBLISHED to the editors; NEW_SPEACH_PUBLISHED to the admins on the first publication only', async () => {
    const { rows } = await project([...users, created, published(1), ['speach-s1', 'SpeachUnpublished', { speachId: 's1' }, 'system'], published(2)]);
    expect(of(rows, 'PUBLISHED')).toEqual([
      ['author', 'PUBLISHED', 'speach-editor'],
      ['author', 'PUBLISHED', 'speach-editor'],
    ]);
    expect(of(rows, 'UNPUBLISHED')).toEqual([['author', 'UNPUBLISHED', 'speach-editor']]);
    expect(of(rows, 'NEW_SPEACH_PUBLISHED')).toEqual([['admin', 'NEW_SPEACH_PUBLISHED', 'admin']]);
  });

  it('PERIODIC_REVIEW_ASSIGNED: the reviewers and the admins', async () => {
    const { rows } = await project([
      ...users,
      created,
      ['speach-s1', 'PeriodicReviewersAssigned', { speachId: 's1', userIds: ['reader'], groupIds: [] }, 'author'],
    ]);
    expect(of(rows, 'PERIODIC_REVIEW_ASSIGNED')).toEqual([
      ['admin', 'PERIODIC_REVIEW_ASSIGNED', 'admin'],
      ['reader', 'PERIODIC_REVIEW_ASSIGNED', 'reviewer'],
    ]);
  });

  it('DUE_DATE_APPROACHING to the assigned users (also through a group); DUE_DATE_EXPIRED to the author and the admins', async () => {
    const { rows, docs } = await project(
      [
        ...users,
        ['user-m', 'UserGroupsChanged', { userId: 'member', groupIds: ['g1'] }],
        created,
        ['speach-s1', 'SpeachAffectedUsersChanged', { speachId: 's1', userIds: ['reader'] }, 'author'],
        ['speach-s1', 'SpeachAffectedGroupsChanged', { speachId: 's1', groupIds: ['g1'] }, 'author'],
        ['speach-s1', 'SpeachDueDateSet', { speachId: 's1', dueDate: '2026-12-10' }, 'author'],
        published(),
        ['duedate-s1', 'SpeachDueDateApproaching', { speachId: 's1', dueDate: '2026-12-10', daysBefore: 7 }, 'system'],
        ['duedate-s1', 'SpeachDueDateExpired', { speachId: 's1', dueDate: '2026-12-10' }, 'system'],
      ],
      true,
    );
    expect(of(rows, 'DUE_DATE_APPROACHING')).toEqual([
      ['member', 'DUE_DATE_APPROACHING', 'assigned'],
      ['reader', 'DUE_DATE_APPROACHING', 'assigned'],
    ]);
    expect(of(rows, 'DUE_DATE_EXPIRED')).toEqual([
      ['admin', 'DUE_DATE_EXPIRED', 'admin'],
      ['author', 'DUE_DATE_EXPIRED', 'speach-author'],
    ]);
    expect(docs.find((d) => d.type === 'DUE_DATE_APPROACHING')!.data).toEqual({ dueDate: '2026-12-10', daysBefore: 7 });
    expect(docs.find((d) => d.type === 'NEW_ASSIGNMENT' && d.userId === 'reader')!.data).toEqual({ dueDate: '2026-12-10' });
  });

  it('DUE_DATE_APPROACHING leaves out the assigned users the reminder names as having completed the speach', async () => {
    const { rows } = await project(
      [
        ...users,
        ['user-m', 'UserGroupsChanged', { userId: 'member', groupIds: ['g1'] }],
        created,
        ['speach-s1', 'SpeachAffectedUsersChanged', { speachId: 's1', userIds: ['reader'] }, 'author'],
        ['speach-s1', 'SpeachAffectedGroupsChanged', { speachId: 's1', groupIds: ['g1'] }, 'author'],
        ['speach-s1', 'SpeachDueDateSet', { speachId: 's1', dueDate: '2026-12-10' }, 'author'],
        published(),
        ['duedate-s1', 'SpeachDueDateApproaching', { speachId: 's1', dueDate: '2026-12-10', daysBefore: 7, exceptUserIds: ['member'] }, 'system'],
      ],
      true,
    );
    expect(of(rows, 'DUE_DATE_APPROACHING')).toEqual([['reader', 'DUE_DATE_APPROACHING', 'assigned']]);
  });

  it('the workflow: SPEACH_TO_VALIDATE to the awaited approver, VALIDATED_BY_USER, then REFUSED_BY_USER (a named validator) or REFUSED (a group), WORKFLOW_VALIDATED', async () => {
    const approver: Row = ['user-val', 'UserRegistered', { userId: 'val', roles: ['APPROVER'] }];
    const member: Row = ['user-gm', 'UserRegistered', { userId: 'gm', roles: ['APPROVER'] }];
    const step = (n: number, userId: string | null, groupId: string | null) => ({ name: `Step ${n}`, userId, groupId });
    const w = (type: string, data: Record<string, unknown>, by: string): Row => ['workflow-w1', type, { workflowId: 'w1', speachId: 's1', ...data }, by];
    const { rows, docs } = await project(
      [
        ...users,
        approver,
        member,
        ['user-gm', 'UserGroupsChanged', { userId: 'gm', groupIds: ['g1'] }],
        created,
        w('WorkflowSubmitted', { authorId: 'author', submittedBy: 'author', steps: [step(1, 'val', null), step(2, null, 'g1')] }, 'author'),
        w('WorkflowStepValidated', { step: 1, validatedBy: 'val', groupId: null, at: 'x', awaiting: { step: 2, groupId: 'g1', userId: null } }, 'val'),
        w('WorkflowRejected', { step: 2, comment: 'Add the chart', rejectedBy: 'gm', groupId: 'g1', at: 'x' }, 'gm'),
        w('WorkflowResubmitted', { resubmittedBy: 'author', scheduledAt: null, at: 'x', awaiting: { step: 1, groupId: null, userId: 'val' } }, 'author'),
        w('WorkflowRejected', { step: 1, comment: 'Typo', rejectedBy: 'val', groupId: null, at: 'x' }, 'val'),
        w('WorkflowCompleted', { periodicReview: 'OFF', frequency: null, delay: 'NOW', publishAt: null, completedBy: 'gm', at: 'x' }, 'gm'),
      ],
      true,
    );
    expect(of(rows, 'SPEACH_TO_VALIDATE')).toEqual([
      ['val', 'SPEACH_TO_VALIDATE', 'approver'],
      ['gm', 'SPEACH_TO_VALIDATE', 'approver'],
      ['val', 'SPEACH_TO_VALIDATE', 'approver'],
    ]);
    expect(of(rows, 'VALIDATED_BY_USER')).toEqual([['author', 'VALIDATED_BY_USER', 'speach-editor']]);
    expect(of(rows, 'REFUSED')).toEqual([['author', 'REFUSED', 'speach-editor']]);
    expect(of(rows, 'REFUSED_BY_USER')).toEqual([['author', 'REFUSED_BY_USER', 'speach-editor']]);
    expect(docs.find((d) => d.type === 'REFUSED_BY_USER')!.data).toEqual({ step: 1, comment: 'Typo' });
    expect(of(rows, 'WORKFLOW_VALIDATED')).toEqual([['author', 'WORKFLOW_VALIDATED', 'speach-editor']]);
  });

  it('the forum, messages and badges say why: the speach author, the topic participants, the recipient, the learner', async () => {
    const topic = (type: string, data: Record<string, unknown>, by: string): Row => [
      'topic-t1',
      type,
      { topicId: 't1', subject: { kind: 'speach', id: 's1' }, speachId: 's1', subjectOwnerId: null, ...data },
      by,
    ];
    const { rows } = await project(
      [
        ...users,
        ['user-peer', 'UserRegistered', { userId: 'peer', roles: [] }],
        created,
        topic('TopicOpened', { userId: 'reader', title: 'Ladders?', text: 'Which one?' }, 'reader'),
        topic('TopicReplied', { postId: 'p2', userId: 'peer', text: 'The blue one', participantIds: ['reader', 'author'] }, 'peer'),
        [
          'conversation-c1',
          'PrivateMessageSent',
          { conversationId: 'c1', messageId: 'm1', senderId: 'reader', recipientId: 'author', text: 'Hello' },
          'reader',
        ],
        ['badges-reader', 'BadgeAwarded', { userId: 'reader', speachId: 's1', badge: 'AVANCEMENT', title: 'T', authorId: 'author', awardedAt: 'x' }, 'system'],
      ],
      true,
    );
    expect(of(rows, 'NEW_TOPIC_MESSAGE')).toEqual([
      ['author', 'NEW_TOPIC_MESSAGE', 'speach-author'],
      ['author', 'NEW_TOPIC_MESSAGE', 'speach-author'],
      ['reader', 'NEW_TOPIC_MESSAGE', 'topic-participant'],
    ]);
    expect(of(rows, 'NEW_MESSAGE')).toEqual([['author', 'NEW_MESSAGE', 'message-recipient']]);
    expect(of(rows, 'BADGE_OBTAINED')).toEqual([
      ['admin', 'BADGE_OBTAINED', 'admin'],
      ['author', 'BADGE_OBTAINED', 'speach-author'],
      ['reader', 'BADGE_OBTAINED', 'badge-learner'],
    ]);
  });

  it('a deactivated type tells nobody who turned it off, each type on its own', async () => {
    const { rows } = await project([
      users[0],
      muted('admin', 'NEW_USER'),
      muted('admin', 'NEW_LEARNER'),
      muted('author', 'PUBLISHED'),
      muted('author', 'EXAM_ANSWER'),
      muted('admin', 'NEW_SPEACH_PUBLISHED'),
      ...users.slice(1),
      created,
      published(),
      [
        'learner-reader',
        'ChapterAnswered',
        { speachId: 's1', userId: 'reader', chapterId: 'e', contentType: 'QUIZZ_EXAMEN', answers: {}, text: null, score: 1, max: 1, passed: true },
        'reader',
      ],
      ['user-y', 'UserRegistered', { userId: 'y', roles: [] }, 'seed'],
    ]);
    expect(rows).toEqual([['author', 'NEW_LEARNER', 'speach-editor']]);
  });
});
