import { Inject, Injectable } from '@nestjs/common';
import type { ProjectionRunner } from '../../../projections/projection-runner';
import { SESSIONS } from '../../../projections/sessions.projection';
import { USERS } from '../../../projections/users.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Actor } from '../../infrastructure/http/actor';
import { PROJECTION_RUNNER } from '../../infrastructure/tokens';

interface Remembered {
  actor: Actor;
  expiresAt: number;
}

/** Sessions remembered at most: the oldest is dropped first (it is read again from the store on its next request). */
const LIMIT = 10_000;

/**
 * The actor behind each session that made a request, so a request does not read the session and the
 * user documents again (two read-store lookups and a copy on every call, a tenth of a dashboard call's
 * CPU). A session or user document the projections write drops what was derived from it before the
 * writing batch's waiters are released, so a logout, a role change or a deactivation holds from the
 * next request as it did. Only where this process runs the projections (APP_ROLE all): an API process
 * does not see another process's writes and reads the documents every time.
 */
@Injectable()
export class SessionActors {
  private readonly remembered = new Map<string, Remembered>();
  private readonly enabled: boolean;
  /** Moves at every write of a session or user document: a read that began before one is not remembered. */
  private generation = 0;

  constructor(@Inject(PROJECTION_RUNNER) projections: ProjectionRunner, @Inject(APP_CONFIG) config: AppConfig) {
    this.enabled = config.appRole === 'all';
    if (this.enabled) projections.onCommitted((collection, writes) => this.follow(collection, writes));
  }

  /** The actor of a session remembered and not expired at `now`. */
  get(sessionId: string, now: number): Actor | undefined {
    const entry = this.remembered.get(sessionId);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.actor;
    this.remembered.delete(sessionId);
    return undefined;
  }

  /** Taken before reading the documents; `remember` keeps the actor only if nothing was written meanwhile. */
  version(): number {
    return this.generation;
  }

  remember(sessionId: string, actor: Actor, expiresAt: number, readAt: number): void {
    if (!this.enabled || readAt !== this.generation) return;
    if (this.remembered.size >= LIMIT) this.remembered.delete(this.remembered.keys().next().value!);
    this.remembered.set(sessionId, { actor: Object.freeze(actor), expiresAt });
  }

  private follow(collection: string, writes: Map<string, unknown> | 'cleared'): void {
    if (collection !== SESSIONS && collection !== USERS) return;
    this.generation++;
    if (writes === 'cleared') return this.remembered.clear();
    if (collection === SESSIONS) for (const sessionId of writes.keys()) this.remembered.delete(sessionId);
    else for (const [sessionId, { actor }] of this.remembered) if (writes.has(actor.id)) this.remembered.delete(sessionId);
  }
}
