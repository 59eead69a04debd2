import type { NewEvent } from '../../events';
import type { EventStore } from '../../backend/infrastructure/event-store/event-store.port';
import { event } from './identity';
import type { GeneratedSpeach } from './speaches';

const DAY = 86_400_000;
const TWO_YEARS_DAYS = 730;

/**
 * Learner activity over the last two years, as the learner streams hold it: chapter reads (a
 * reader goes through a speach's chapters in order, on one day) and bookmarks. Popularity is
 * skewed (a few speaches get most reads) and activity grows over time, like a real catalogue.
 */
export async function generateActivity(store: EventStore, reads: number, userIds: string[], speaches: GeneratedSpeach[]): Promise<{ reads: number; bookmarks: number }> {
  const published = speaches.filter((s) => s.published);
  const now = Date.now();
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const streams = new Map<string, NewEvent[]>();
  let pending: Promise<unknown>[] = [];
  let buffered = 0;
  let written = 0;
  let bookmarks = 0;
  const bookmarked = new Set<string>();
  const flush = async () => {
    for (const [stream, events] of streams) pending.push(store.appendToStream(stream, events, { expectedRevision: 'any' }));
    streams.clear();
    buffered = 0;
    await Promise.all(pending);
    pending = [];
  };
  while (written < reads) {
    const userId = userIds[Math.floor(random() * userIds.length)];
    // Squaring skews towards the first speaches: the popular ones.
    const speach = published[Math.floor(random() ** 2 * published.length)];
    // sqrt skews towards recent days: activity grows.
    const day = Math.floor(Math.sqrt(random()) * TWO_YEARS_DAYS);
    const at = now - (TWO_YEARS_DAYS - day) * DAY + Math.floor(random() * DAY * 0.9);
    const stream = `learner-${userId}`;
    const events = streams.get(stream) ?? [];
    const chapters = speach.chapterIds.slice(0, 1 + Math.floor(random() * speach.chapterIds.length));
    chapters.forEach((chapterId, k) => {
      const read = event('ChapterRead', { speachId: speach.speachId, userId, chapterId, version: 1 }, userId);
      events.push({ ...read, time: new Date(at + k * 60_000).toISOString() });
    });
    written += chapters.length;
    if (random() < 0.02 && !bookmarked.has(`${userId}:${speach.speachId}`)) {
      bookmarked.add(`${userId}:${speach.speachId}`);
      events.push({ ...event('SpeachBookmarked', { speachId: speach.speachId, userId }, userId), time: new Date(at).toISOString() });
      bookmarks++;
    }
    streams.set(stream, events);
    buffered += chapters.length;
    if (buffered >= 20_000) await flush();
  }
  await flush();
  return { reads: written, bookmarks };
}
