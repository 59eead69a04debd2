import { type NewEvent, pathStream, uuidv7 } from '../../events';
import type { EventStore } from '../../backend/infrastructure/event-store/event-store.port';
import { type GeneratedIdentity, event } from './identity';
import { DAY, type GeneratedSpeach } from './speaches';

export interface GeneratedPaths {
  count: number;
  published: number;
  /** What the scenario measures: a published sequential path of 8 speaches, and a learner assigned to it. */
  sample: { pathId: string; learnerId: string; learnerEmail: string };
}

/**
 * Learning paths over the generated catalogue, as the path decider writes them (issue 18): 3 to 10
 * published speaches each, one in three sequential, one in five open for self-enrolment, each assigned
 * to one of the bench learners (with a due date one time in two) and one in twenty to a group, 80 %
 * published. Group assignments stay rare: publishing notifies every member, and 5k paths × 250
 * members would be a million notifications, not a realistic organisation.
 */
export async function generatePaths(store: EventStore, count: number, identity: GeneratedIdentity, speaches: GeneratedSpeach[], now = Date.now()): Promise<GeneratedPaths> {
  const published = speaches.filter((s) => s.published);
  if (published.length < 10) throw new Error('paths need at least 10 published speaches');
  if (identity.learnerIds.length === 0) throw new Error('paths need bench learners to assign');
  // The authors are the generated FORMATEUR users (every tenth), as for speaches.
  const authors = identity.userIds.filter((_, i) => i % 10 === 0);
  let sample: GeneratedPaths['sample'] | null = null;
  let publishedCount = 0;
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const pathId = uuidv7();
    const ownerId = authors[i % authors.length];
    const size = i === 0 ? 8 : 3 + (i % 8);
    const sequential = i % 3 === 0;
    const title = `Path ${i} ${i % 2 ? 'onboarding' : 'safety'}`;
    let at = now - 400 * DAY + Math.floor((i / count) * 390 * DAY);
    const next = () => (at += 30_000);
    const events: NewEvent[] = [
      event('PathCreated', { pathId, ownerId, title, description: `A learning path of ${size} speaches.`, image: null, sequential, openForSelfEnrolment: i % 5 === 0, recertificationMonths: i % 7 === 0 ? 12 : null }, ownerId, next()),
    ];
    // Spread over the catalogue, the popular (first) speaches more often: consecutive ids, a stride per path.
    const speachIds = Array.from({ length: size }, (_, k) => published[(i * 37 + k * (1 + (i % 5))) % published.length].speachId);
    const unique = [...new Set(speachIds)];
    unique.forEach((speachId, position) => events.push(event('PathSpeachAdded', { pathId, speachId, position }, ownerId, next())));
    const learner = i % identity.learnerIds.length;
    const userId = identity.learnerIds[learner];
    const dueDate = i % 2 ? new Date(now + (30 + (i % 300)) * DAY).toISOString().slice(0, 10) + 'T23:59:59.999Z' : null;
    const willPublish = i === 0 || i % 5 !== 4;
    events.push(event('PathUserAssignmentChanged', { pathId, userId, assigned: true, dueDate, published: false, title }, ownerId, next()));
    const groupIds = i % 20 === 7 ? [identity.groupIds[i % identity.groupIds.length]] : [];
    for (const groupId of groupIds) events.push(event('PathGroupAssignmentChanged', { pathId, groupId, assigned: true, dueDate, published: false, title }, ownerId, next()));
    if (willPublish) {
      events.push(event('PathPublished', { pathId, title, firstPublication: true, speachIds: unique, assignedUserIds: [userId], assignedGroupIds: groupIds }, ownerId, next()));
      publishedCount++;
    }
    if (i === 0) sample = { pathId, learnerId: userId, learnerEmail: identity.learnerEmails[learner] };
    pending.push(store.appendToStream(pathStream(pathId), events, { expectedRevision: 'no_stream' }));
    if (pending.length >= 256) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  if (!sample) throw new Error('no path generated');
  return { count, published: publishedCount, sample };
}
