import { pathStream, uuidv7 } from '../../events';
import type { CommandRunner } from '../infrastructure/decider/command-runner';
import { inOneDecision } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { type PathActor, type PathChange, type PathCommand, pathDecider } from '../paths';
import { SPEACHES, type SpeachDocument } from '../speach';

const DAY = 86_400_000;

/**
 * Two published learning paths made of the demo's public speaches: a sequential one assigned to the
 * reader, and one assigned to the reader's group with a due date six weeks away, open to anyone.
 */
export async function seedDemoPaths(commands: CommandRunner, store: ReadStore, authorId: string, readerId: string, groupId: string, now: Date): Promise<void> {
  const speaches = await store
    .collection<SpeachDocument>(SPEACHES)
    .find({ published: true, archived: false, isTemplate: false, visibility: 'PUBLIC' }, { sort: { titleKey: 1 }, limit: 5, projection: { _id: 1 } });
  if (speaches.length < 3) return;
  const actor: PathActor = { id: authorId, isAdmin: false, isAuthor: true };
  const run = (pathId: string, changes: PathChange[]) =>
    commands.run(
      inOneDecision(pathDecider),
      pathStream(pathId),
      changes.map((c) => ({ ...c, actor }) as PathCommand),
      { userId: authorId },
    );
  const ids = speaches.map((s) => s._id);

  const sequential = uuidv7();
  await run(sequential, [
    {
      type: 'Create',
      pathId: sequential,
      details: { title: 'New starter essentials', description: 'Your first week, one speach after the other.', sequential: true },
    },
    ...ids.slice(0, 3).map((speachId) => ({ type: 'AddSpeach' as const, speachId, mayView: true, addable: true })),
    { type: 'ChangeUser', userId: readerId, add: true, dueDate: null },
    { type: 'Publish' },
  ]);

  const withDueDate = uuidv7();
  await run(withDueDate, [
    {
      type: 'Create',
      pathId: withDueDate,
      details: {
        title: 'Team refresher',
        description: 'The essentials every team member reviews each year.',
        openForSelfEnrolment: true,
        recertificationMonths: 12,
      },
    },
    ...ids.slice(2, 5).map((speachId) => ({ type: 'AddSpeach' as const, speachId, mayView: true, addable: true })),
    { type: 'ChangeGroup', groupId, add: true, dueDate: new Date(now.getTime() + 42 * DAY).toISOString() },
    { type: 'Publish' },
  ]);
}
