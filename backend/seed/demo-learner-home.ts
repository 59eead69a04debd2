import { uuidv7 } from '../../events';
import type { SpeachCommands, SpeachActor } from '../speach';

const DAY = 86_400_000;

/**
 * Gives the reader something to follow on the home and account pages: a restricted speach assigned
 * to them with a badge and a due date a month away (the "To follow" slider and the due-date tab).
 */
export async function seedDemoLearnerHome(speaches: SpeachCommands, author: SpeachActor, readerId: string, now: Date): Promise<void> {
  const speachId = uuidv7();
  const chapterId = uuidv7();
  const iso = now.toISOString();
  await speaches.run(author, speachId, [
    {
      type: 'CreateSpeach',
      title: 'Fire evacuation drill',
      description: 'Where to go and what to do when the alarm rings.',
      language: 'en-US',
      categoryId: null,
      isTemplate: false,
      templateId: null,
      duplicatedFrom: null,
      chapters: [],
    },
    { type: 'ChangeDetails', tags: 'safety fire evacuation' },
    { type: 'AddChapter', chapterId, parentId: null, title: 'Assembly points' },
    {
      type: 'SetChapterContent',
      chapterId,
      content: { type: 'HTML', html: '<p>Leave by the nearest staircase and meet at the assembly point in the car park.</p>' },
    },
    { type: 'ChangeVisibility', visibility: 'RESTREINT', accessCodeHash: null },
    { type: 'SetAffectedUsers', userIds: [readerId] },
    { type: 'Publish', at: null, now: iso },
    { type: 'ConfigureBadge', badge: 'AVANCEMENT' },
    { type: 'SetDueDate', dueDate: new Date(now.getTime() + 30 * DAY).toISOString().slice(0, 10), now: iso },
  ]);
}
