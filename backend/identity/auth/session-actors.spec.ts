import type { ProjectionRunner } from '../../../projections/projection-runner';
import { SESSIONS } from '../../../projections/sessions.projection';
import { USERS } from '../../../projections/users.projection';
import type { AppConfig } from '../../config/app-config';
import type { Actor } from '../../infrastructure/http/actor';
import { SessionActors } from './session-actors';

type Listener = Parameters<ProjectionRunner['onCommitted']>[0];

function actorOf(id: string, sessionId: string): Actor {
  return {
    id,
    sessionId,
    email: `${id}@example.com`,
    firstName: 'A',
    lastName: 'B',
    roles: ['ADMIN'],
    mustChangePassword: false,
    isAdmin: true,
    isAuthor: false,
    isApprover: false,
    groupIds: [],
  };
}

function sessionActors(appRole: AppConfig['appRole'] = 'all') {
  const listeners: Listener[] = [];
  const runner = { onCommitted: (listener: Listener) => listeners.push(listener) } as unknown as ProjectionRunner;
  const actors = new SessionActors(runner, { appRole } as AppConfig);
  const commit = (collection: string, ids: string[] | 'cleared') =>
    listeners.forEach((l) => l(collection, ids === 'cleared' ? 'cleared' : new Map(ids.map((id) => [id, null]))));
  const remember = (userId: string, sessionId: string, expiresAt = 2_000) =>
    actors.remember(sessionId, actorOf(userId, sessionId), expiresAt, actors.version());
  return { actors, commit, remember };
}

describe('SessionActors: the actor of a session between requests', () => {
  it('answers a remembered session until it expires', () => {
    const { actors, remember } = sessionActors();
    remember('u1', 's1', 2_000);
    expect(actors.get('s1', 1_000)?.id).toBe('u1');
    expect(actors.get('s1', 2_000)).toBeUndefined();
    expect(actors.get('s1', 1_000)).toBeUndefined();
  });

  it('forgets a session whose document the projections wrote (logout, end, expiry change)', () => {
    const { actors, commit, remember } = sessionActors();
    remember('u1', 's1');
    remember('u1', 's2');
    commit(SESSIONS, ['s1']);
    expect(actors.get('s1', 0)).toBeUndefined();
    expect(actors.get('s2', 0)?.id).toBe('u1');
  });

  it('forgets every session of a user whose document was written (roles, deactivation), and only theirs', () => {
    const { actors, commit, remember } = sessionActors();
    remember('u1', 's1');
    remember('u1', 's2');
    remember('u2', 's3');
    commit(USERS, ['u1']);
    expect(actors.get('s1', 0)).toBeUndefined();
    expect(actors.get('s2', 0)).toBeUndefined();
    expect(actors.get('s3', 0)?.id).toBe('u2');
  });

  it('forgets everything when the sessions or users are rebuilt, and nothing for other collections', () => {
    const { actors, commit, remember } = sessionActors();
    remember('u1', 's1');
    commit('speaches', ['u1', 's1']);
    expect(actors.get('s1', 0)?.id).toBe('u1');
    commit(USERS, 'cleared');
    expect(actors.get('s1', 0)).toBeUndefined();
  });

  it('does not remember an actor read before a session or user write (the write may have ended it)', () => {
    const { actors, commit } = sessionActors();
    const readAt = actors.version();
    commit(SESSIONS, ['s1']);
    actors.remember('s1', actorOf('u1', 's1'), 2_000, readAt);
    expect(actors.get('s1', 0)).toBeUndefined();
  });

  it('remembers nothing in an API process, which does not see the projector’s writes', () => {
    const { actors, remember } = sessionActors('api');
    remember('u1', 's1');
    expect(actors.get('s1', 0)).toBeUndefined();
  });

  it('hands out a frozen actor: a request cannot change what the next one sees', () => {
    const { actors, remember } = sessionActors();
    remember('u1', 's1');
    expect(Object.isFrozen(actors.get('s1', 0))).toBe(true);
  });
});
