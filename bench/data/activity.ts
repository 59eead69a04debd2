import type { NewEvent } from '../../events';
import type { EventStore } from '../../backend/infrastructure/event-store/event-store.port';
import { type EngagementCounts, EngagementGenerator } from './engagement';
import { event } from './identity';
import { DAY, type GeneratedSpeach, WINDOW_DAYS } from './speaches';

/**
 * Learner activity over the last two years, as the product writes it: chapter reads on
 * `learner-{userId}` (a reader goes through a speach's chapters in order, in one sitting),
 * bookmarks, and what reading leads to (ratings, follows, comments: engagement.ts). Popularity is
 * skewed (the oldest speaches get most reads), only speaches already published are read, and
 * activity grows linearly over the two years, like a real catalogue.
 *
 * Generated day by day and appended one day at a time, so every user's events reach the store in
 * time order, as they would in production (the dashboard's distinct-user counters rely on it).
 */
export async function generateActivity(
  store: EventStore,
  reads: number,
  userIds: string[],
  speaches: GeneratedSpeach[],
  now = Date.now(),
): Promise<{ reads: number; bookmarks: number; sessions: number } & EngagementCounts> {
  const published = speaches.filter((s) => s.published && s.publishedAt !== null).sort((a, b) => (a.publishedAt as number) - (b.publishedAt as number));
  const windowStart = now - WINDOW_DAYS * DAY;
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const engagement = new EngagementGenerator(random);
  const bookmarked = new Set<string>();
  let written = 0;
  let bookmarks = 0;
  let sessions = 0;
  let available = 0;
  for (let day = 0; day < WINDOW_DAYS && written < reads; day++) {
    const dayStart = windowStart + day * DAY;
    while (available < published.length && (published[available].publishedAt as number) < dayStart) available++;
    if (available === 0) continue;
    // Linear growth: the reads due by the end of this day.
    const target = day === WINDOW_DAYS - 1 ? reads : Math.round((reads * (day + 1) * (day + 2)) / (WINDOW_DAYS * (WINDOW_DAYS + 1)));
    const sittings: { at: number; userId: string; speach: GeneratedSpeach; chapters: string[] }[] = [];
    while (written < target) {
      const userId = userIds[Math.floor(random() * userIds.length)];
      // Squaring skews towards the first published speaches: the popular ones.
      const speach = published[Math.floor(random() ** 2 * available)];
      const chapters = speach.chapterIds.slice(0, 1 + Math.floor(random() * speach.chapterIds.length));
      // Daytime, never past now.
      const at = Math.min(dayStart + Math.floor((0.3 + random() * 0.6) * DAY), now - 3_600_000);
      sittings.push({ at, userId, speach, chapters });
      written += chapters.length;
    }
    sittings.sort((a, b) => a.at - b.at);
    const streams = new Map<string, NewEvent[]>();
    const add = (stream: string, e: NewEvent) => {
      const list = streams.get(stream);
      if (list) list.push(e);
      else streams.set(stream, [e]);
    };
    for (const { at, userId, speach, chapters } of sittings) {
      sessions++;
      const learner = `learner-${userId}`;
      chapters.forEach((chapterId, k) => add(learner, event('ChapterRead', { speachId: speach.speachId, userId, chapterId, version: 1 }, userId, at + k * 60_000)));
      const key = `${userId}:${speach.speachId}`;
      if (random() < 0.02 && !bookmarked.has(key)) {
        bookmarked.add(key);
        add(learner, event('SpeachBookmarked', { speachId: speach.speachId, userId }, userId, at + 2 * 60_000));
        bookmarks++;
      }
      engagement.afterRead(userId, speach, at, add);
    }
    // One group commit per day: a user's events keep their time order across days.
    await Promise.all([...streams].map(([stream, events]) => store.appendToStream(stream, events, { expectedRevision: 'any' })));
  }
  return { reads: written, bookmarks, sessions, ...engagement.counts };
}
