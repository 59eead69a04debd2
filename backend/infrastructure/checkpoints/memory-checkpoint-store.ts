import type { Checkpoint, CheckpointStore } from './checkpoint-store.port';

/** Checkpoints of processors whose output is itself in memory (rebuilt by replay at each boot). */
export class MemoryCheckpointStore implements CheckpointStore {
  private readonly checkpoints = new Map<string, Checkpoint>();
  async load(name: string): Promise<Checkpoint | null> {
    return this.checkpoints.get(name) ?? null;
  }
  async save(checkpoint: Checkpoint): Promise<void> {
    this.checkpoints.set(checkpoint.name, { ...checkpoint });
  }
}
