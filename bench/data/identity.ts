import { hash } from '@node-rs/argon2';
import { type NewEvent, type Role, uuidv7 } from '../../events';
import { emailStream } from '../../backend/identity/email-reservation.decider';
import type { EventStore } from '../../backend/infrastructure/event-store/event-store.port';

/** The administrator the HTTP scenarios log in as. */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };
/** Learners with a password (the last users generated, kept out of the generated activity): the learner command scenario logs in as them. */
export const BENCH_LEARNERS = 96;
export const benchLearnerEmail = (i: number) => `bench${i}@example.com`;

const FIRST = ['Anna', 'Bruno', 'Chloé', 'David', 'Emma', 'Félix', 'Greta', 'Hugo', 'Inès', 'Jonas', 'Lucía', 'Mateo', 'Nora', 'Pablo', 'Sofía', 'Tobias'];
const LAST = ['Martin', 'Garcia', 'Schmidt', 'Dupont', 'Müller', 'López', 'Weber', 'Moreau', 'Fischer', 'Romero', 'Laurent', 'Wagner'];

/**
 * An event as the product's command runner would write it: `at` is when it happened (default now);
 * events of one command share their `correlationId` (pass the first event's id).
 */
export function event(type: string, data: Record<string, unknown>, userId: string | null, at?: number, correlationId?: string): NewEvent {
  const id = uuidv7();
  const correlation = correlationId ?? id;
  return { id, type, data, schemaVersion: 1, metadata: { userId, correlationId: correlation, causationId: correlation }, time: new Date(at ?? Date.now()).toISOString() };
}

export interface GeneratedIdentity {
  userIds: string[];
  groupIds: string[];
  /** groupId → its active members. */
  members: Map<string, string[]>;
  /** The users with a password the learner scenario logs in as (no role, no generated activity). */
  learnerIds: string[];
  learnerEmails: string[];
}

/**
 * Appends users and groups straight to a fresh store, the events the product itself writes
 * (registration, e-mail reservation, password, groups), so the server replays a realistic log.
 */
export async function generateIdentity(store: EventStore, users: number, groups: number): Promise<GeneratedIdentity> {
  const system = 'bench';
  const groupIds = Array.from({ length: groups }, () => uuidv7());
  await Promise.all(
    groupIds.map((groupId, order) =>
      store.appendToStream(`group-${groupId}`, [event('GroupCreated', { groupId, name: `Group ${order + 1}`, description: `Benchmark group ${order + 1}`, order }, system)], { expectedRevision: 'no_stream' }),
    ),
  );
  const passwordHash = await hash(BENCH_ADMIN.password);
  const userIds: string[] = [];
  const members = new Map<string, string[]>(groupIds.map((g) => [g, []]));
  const learnerIds: string[] = [];
  const learnerEmails: string[] = [];
  const appends: Promise<unknown>[] = [];
  for (let i = 0; i < users; i++) {
    const userId = uuidv7();
    userIds.push(userId);
    const admin = i === 0;
    const email = admin ? BENCH_ADMIN.email : benchLearnerEmail(i);
    const roles: Role[] = admin ? ['ADMIN', 'FORMATEUR'] : i % 10 === 0 ? ['FORMATEUR'] : i % 25 === 0 ? ['APPROVER'] : [];
    const userGroups = [groupIds[i % groups], ...(i % 3 === 0 ? [groupIds[(i + 7) % groups]] : [])];
    const events = [
      event('UserRegistered', { userId, email, firstName: FIRST[i % FIRST.length], lastName: `${LAST[(i * 7) % LAST.length]}${i}`, roles, source: 'import' }, system),
      event('UserGroupsChanged', { userId, groupIds: userGroups }, system),
    ];
    // The last users are plain learners with a password, for the learner command scenario.
    const learner = i >= users - BENCH_LEARNERS && roles.length === 0 && i % 50 !== 49;
    if (admin || learner) events.push(event('UserPasswordSet', { userId, passwordHash, mustChangeAtNextLogin: false }, system));
    if (learner) {
      learnerIds.push(userId);
      learnerEmails.push(email);
    }
    if (i % 50 === 49) events.push(event('UserDeactivated', { userId }, system));
    else for (const g of userGroups) members.get(g)?.push(userId);
    appends.push(store.appendToStream(emailStream(email), [event('EmailReserved', { userId }, system)], { expectedRevision: 'no_stream' }));
    appends.push(store.appendToStream(`user-${userId}`, events, { expectedRevision: 'no_stream' }));
    // Bounded in-flight appends: the group commit batches them without holding the whole set in memory.
    if (appends.length >= 512) await Promise.all(appends.splice(0));
  }
  await Promise.all(appends);
  return { userIds, groupIds, members, learnerIds, learnerEmails };
}
