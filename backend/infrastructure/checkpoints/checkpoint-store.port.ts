/**
 * Durable checkpoints of `$all` processors (the integration relay, projections on a durable read
 * store). A processor stores the last position it has fully handled and resumes after it.
 */
export interface Checkpoint {
  name: string;
  position: number;
  /** The processor's version: a projection whose version changed is rebuilt from position 0. */
  version: number;
}

export interface CheckpointStore {
  load(name: string): Promise<Checkpoint | null>;
  save(checkpoint: Checkpoint): Promise<void>;
}
