import type { CheckpointStore } from '../checkpoints/checkpoint-store.port';
import type { EventStore } from '../event-store/event-store.port';
import { stoppedMarker } from '../../../projections/projection-runner';

/** Processors whose stored checkpoints a request waits on; `stopped`: they leave a marker where they stop on an error (projections). */
interface Processors {
  store: CheckpointStore;
  names: () => string[];
  stopped?: boolean;
}

/** Between two looks at the stored checkpoints: short, as a request waits on it; a look is one indexed read per processor. */
export const POLL_EVERY_MS = 10;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Read-your-writes in an API process (APP_ROLE=api): the projections and policies run in a projector
 * process, so the request waits on what they stored, polling their checkpoints within a bound.
 */
export class StoredPositions {
  constructor(
    private readonly events: EventStore,
    private readonly projections: Processors,
    private readonly policies: Processors,
  ) {}

  /**
   * Waits until the policies have handled `position`, then until the projections have applied
   * everything up to the head as it stood then (the policies' reactions were appended before their
   * checkpoints moved); answers the position the projections were asked to reach.
   * `policies: false` for a policy's own command (it would wait for itself).
   */
  async settle(position: number, timeoutMs: number, policies = true): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    let target = position;
    if (policies && this.policies.names().length) {
      if (!(await this.reach(this.policies, position, deadline))) return position;
      target = Math.max(position, await this.events.headPosition());
    }
    await this.reach(this.projections, target, deadline);
    return target;
  }

  /** Resolves true once every named checkpoint is at or past `position`, false at the deadline. */
  async reach(processors: Processors, position: number, deadline: number): Promise<boolean> {
    for (;;) {
      if (await this.allAt(processors, position)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await pause(Math.min(POLL_EVERY_MS, left));
    }
  }

  private async allAt(processors: Processors, position: number): Promise<boolean> {
    for (const name of processors.names()) {
      const checkpoint = await processors.store.load(name);
      if (checkpoint && checkpoint.position >= position) continue;
      // Stopped on an error past its checkpoint: it will not get there until fixed (its lag shows in /api/health).
      if (processors.stopped && checkpoint && (await this.stoppedAfter(processors.store, name, checkpoint.position))) continue;
      return false;
    }
    return true;
  }

  private async stoppedAfter(store: CheckpointStore, name: string, position: number): Promise<boolean> {
    const marker = await store.load(stoppedMarker(name));
    return !!marker && marker.position > position;
  }
}
