import type { CommandRunner } from '../infrastructure/decider/command-runner';
import type { EngagementCommands } from '../engagement';
import { learnerStream } from '../../events';
import { learnerDecider, type SpeachQueries } from '../speach';

/**
 * Ratings, comments, follows and a bookmark on the published demo speaches, through the real
 * commands, so the author's bell (comments, favourite) and the reader's (assignment through their
 * group) show unread notifications on first start. `users`: admin, author, approver, reader, then staff.
 */
export async function seedDemoEngagement(engagement: EngagementCommands, queries: SpeachQueries, commands: CommandRunner, users: string[]): Promise<void> {
  const [admin, author, approver, reader, ...staff] = users;
  const published = await queries.speaches.find({ published: true, archived: false, isTemplate: false, visibility: 'PUBLIC' }, { sort: { createdAt: 1 } });
  const byAuthor = published.filter((s) => s.authorId === author);
  const byAdmin = published.filter((s) => s.authorId === admin);
  const [welcome, safety] = byAuthor;
  const [phishing] = byAdmin;
  if (!welcome || !safety || !phishing) return;

  for (const [userId, speach, rating] of [
    [reader, welcome, 5],
    [approver, welcome, 4],
    [staff[0], welcome, 5],
    [staff[1], welcome, 3],
    [reader, safety, 4],
    [staff[2], safety, 5],
    [reader, phishing, 4],
    [author, phishing, 5],
  ] as const) {
    await engagement.rate(userId, speach._id, rating);
  }
  if (await engagement.commentsEnabled()) {
    await engagement.comment(approver, welcome._id, 'Clear and short. Could the quiz have one more question?');
    await engagement.comment(
      reader,
      welcome._id,
      'Really helpful first-week checklist, thanks!\nMy buddy shared this too: https://www.example.com/buddy-program',
    );
    await engagement.comment(staff[1], safety._id, 'Merci, très utile avant une intervention chez un client.');
    await engagement.comment(reader, phishing._id, 'The video example is scary. Reported two e-mails already this week.');
  }
  await engagement.follow(reader, welcome._id);
  await engagement.follow(reader, phishing._id);
  await commands.run(learnerDecider, learnerStream(reader), { type: 'ToggleBookmark', userId: reader, speachId: safety._id }, { userId: reader });
}
