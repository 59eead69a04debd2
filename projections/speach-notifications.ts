import type { ChapterAnswered, ContentType, DueDateEvent, RecordedEvent } from '../events';
import {
  NOTIFICATION_LEARNERS,
  NOTIFICATION_SPEACHES,
  type NotificationSpeachDocument,
  admins,
  assignedUsers,
  notificationSpeach,
  notify,
  speachEditors,
} from './notifications.projection';
import type { ProjectedDocument, ProjectionHandler, ProjectionWriter } from './projection';

type Data = { speachId: string; userId?: string };

const EXAM_TYPES: ContentType[] = ['QUIZZ_EXAMEN'];
// An open question is answered in the reader's own words: for the author it is a survey answer.
const SURVEY_TYPES: ContentType[] = ['SONDAGE', 'ENQUETE', 'QUESTION_OUVERTE'];

async function patch(writer: ProjectionWriter, speachId: string, change: (doc: NotificationSpeachDocument) => Partial<NotificationSpeachDocument>) {
  await writer.upsert<NotificationSpeachDocument>(NOTIFICATION_SPEACHES, speachId, (doc) => (doc ? { ...doc, ...change(doc) } : null));
}

/** Spec §3 "new learner": the first chapter a reader opens (or answers) in a speach, told to its editors and the admins once. */
async function newLearner(event: RecordedEvent, writer: ProjectionWriter) {
  const { speachId, userId } = event.data as Data;
  if (!userId) return;
  const id = `${speachId}:${userId}`;
  if (await writer.get(NOTIFICATION_LEARNERS, id)) return;
  await writer.upsert<ProjectedDocument>(NOTIFICATION_LEARNERS, id, () => ({ _id: id }));
  const speach = await notificationSpeach(writer, speachId);
  if (!speach) return;
  await notify(writer, event, { userIds: await speachEditors(writer, speachId), type: 'NEW_LEARNER', rule: 'speach-editor', speachId, actorId: userId });
  await notify(writer, event, { userIds: await admins(writer), type: 'NEW_LEARNER', rule: 'admin', speachId, actorId: userId });
}

async function answered(event: RecordedEvent, writer: ProjectionWriter) {
  await newLearner(event, writer);
  const d = (event as unknown as RecordedEvent<ChapterAnswered>).data;
  const type = EXAM_TYPES.includes(d.contentType) ? 'EXAM_ANSWER' : SURVEY_TYPES.includes(d.contentType) ? 'SURVEY_ANSWER' : null;
  if (!type) return;
  await notify(writer, event, {
    userIds: await speachEditors(writer, d.speachId),
    type,
    rule: 'speach-editor',
    speachId: d.speachId,
    actorId: d.userId,
    data: { chapterId: d.chapterId, score: d.score, max: d.max, passed: d.passed },
  });
}

async function published(event: RecordedEvent, writer: ProjectionWriter) {
  const { speachId, version, scheduledFor } = event.data as Data & { version: number; scheduledFor: string | null };
  const speach = await notificationSpeach(writer, speachId);
  if (!speach) return;
  await notify(writer, event, {
    userIds: await speachEditors(writer, speachId),
    type: 'PUBLISHED',
    rule: 'speach-editor',
    speachId,
    data: { version, scheduledFor },
  });
  // Runs before the projection's own handler, which sets `everPublished`.
  if (!speach.everPublished)
    await notify(writer, event, {
      userIds: await admins(writer),
      type: 'NEW_SPEACH_PUBLISHED',
      rule: 'admin',
      speachId,
      actorId: speach.authorId,
      data: { scheduledFor },
    });
}

async function dueDateTold(event: RecordedEvent, writer: ProjectionWriter) {
  const e = event as unknown as { type: DueDateEvent['type']; data: { speachId: string; dueDate: string; daysBefore?: number; exceptUserIds?: string[] } };
  const speach = await notificationSpeach(writer, e.data.speachId);
  if (!speach) return;
  // System facts: nobody's own action, so no one is left out as the actor.
  if (e.type === 'SpeachDueDateApproaching') {
    // Who had completed the speach when the reminder was told met the date: not reminded.
    const except = new Set(e.data.exceptUserIds ?? []);
    await notify(writer, event, {
      userIds: (await assignedUsers(writer, speach)).filter((id) => !except.has(id)),
      type: 'DUE_DATE_APPROACHING',
      rule: 'assigned',
      speachId: speach._id,
      actorId: null,
      data: { dueDate: e.data.dueDate, daysBefore: e.data.daysBefore },
    });
  } else {
    const data = { dueDate: e.data.dueDate };
    await notify(writer, event, { userIds: [speach.authorId], type: 'DUE_DATE_EXPIRED', rule: 'speach-author', speachId: speach._id, actorId: null, data });
    await notify(writer, event, { userIds: await admins(writer), type: 'DUE_DATE_EXPIRED', rule: 'admin', speachId: speach._id, actorId: null, data });
  }
  if (speach.dueDate !== e.data.dueDate) return;
  const told = e.type === 'SpeachDueDateApproaching' ? String(e.data.daysBefore) : 'expired';
  await patch(writer, speach._id, (doc) => ({ dueReminders: [...new Set([...(doc.dueReminders ?? []), told])], dueDone: told === 'expired' }));
}

/**
 * Notifications of a speach's life and its readers (spec §3, author and admin audiences): new learner,
 * exam and survey answers, published and unpublished, new speach published, and the due date's
 * reminders and expiry. Merged into the notifications projection like the workflow's handlers.
 */
export const speachNotificationHandlers: Record<string, ProjectionHandler> = {
  ChapterRead: newLearner,
  ChapterAnswered: answered,
  SpeachPublished: published,
  SpeachUnpublished: async (event, writer) => {
    const { speachId } = event.data as Data;
    await notify(writer, event, { userIds: await speachEditors(writer, speachId), type: 'UNPUBLISHED', rule: 'speach-editor', speachId });
  },
  SpeachDueDateSet: (event, writer) => {
    const { speachId, dueDate } = event.data as Data & { dueDate: string | null };
    return patch(writer, speachId, (doc) => (doc.dueDate === dueDate ? {} : { dueDate, dueReminders: [], dueDone: dueDate === null }));
  },
  SpeachDueDateApproaching: dueDateTold,
  SpeachDueDateExpired: dueDateTold,
  UserRegistered: async (event, writer) => {
    const { userId } = event.data as { userId: string };
    await notify(writer, event, {
      userIds: (await admins(writer)).filter((id) => id !== userId),
      type: 'NEW_USER',
      rule: 'admin',
      speachId: null,
      data: { userId },
    });
  },
};
