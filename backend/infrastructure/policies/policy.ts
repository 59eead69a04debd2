import { createHash } from 'node:crypto';
import type { DomainEvent, RecordedEvent } from '../../../events';

/** What a policy handler gets besides its event: how to issue a command that acts at most once. */
export interface PolicyContext {
  /** The policy's name: events it causes name it in their metadata (`policy`). */
  readonly policy: string;
  /**
   * Runs `work` (one command) with a command id derived from the policy, the trigger and `key`:
   * the command runner refuses a command id already recorded on the stream, so a retry, a crash
   * between the append and the checkpoint, or a replay acts once. A handler that issues several
   * commands on one stream gives each its own key.
   */
  issue<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export type PolicyHandler<E extends DomainEvent> = (event: RecordedEvent<E>, ctx: PolicyContext) => Promise<void>;

/** A checkpointed processor of the log that reacts to some event types by issuing commands. */
export interface Policy<E extends DomainEvent = DomainEvent> {
  /** Stable: the checkpoint's key and part of every command id it issues. */
  name: string;
  handles: { [T in E['type']]?: PolicyHandler<Extract<E, { type: T }>> };
  /** Overrides the runner's retry settings (tests use a zero backoff). */
  retry?: RetrySettings;
}

/** Something due at a time rather than on an event: found by a read model of due items and the clock. */
export interface DueItem {
  /** Identifies the item and the occurrence (e.g. the speach and its revision): the command id's seed. */
  key: string;
  run(ctx: PolicyContext): Promise<void>;
}

/** A time-driven policy: each tick asks for the items due at the clock's time and acts on each once. */
export interface ScheduledPolicy {
  name: string;
  due(now: Date): Promise<DueItem[]>;
  retry?: RetrySettings;
}

export interface RetrySettings {
  /** Tries before an event or item is dead-lettered. */
  attempts: number;
  /** Wait before the second try; doubled at each further try. */
  backoffMs: number;
}

/** A reaction that kept failing: kept (and shown in /api/health) until it succeeds or is cleared. */
export interface DeadLetter {
  policy: string;
  /** The triggering event id, or the due item's key. */
  key: string;
  position: number | null;
  eventType: string | null;
  streamId: string | null;
  error: string;
  attempts: number;
  at: string;
}

/** The metadata marker of events a policy caused: the system acting for the named policy (one constant with the event contracts). */
export { SYSTEM_USER_ID } from '../../../events';

/**
 * A name-based (UUIDv5-shaped) id: SHA-1 of the parts, with the version and variant bits set.
 * The same policy, trigger and key always give the same command id.
 */
export function deterministicId(...parts: string[]): string {
  const bytes = createHash('sha1').update(parts.join('\u0000')).digest().subarray(0, 16);
  bytes[6] = 0x50 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
