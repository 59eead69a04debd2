import type { ReadStore } from '../read-store/read-store.port';
import type { Checkpoint, CheckpointStore } from './checkpoint-store.port';

interface CheckpointDocument {
  _id: string;
  position: number;
  version: number;
  [key: string]: unknown;
}

/** Checkpoints next to the read models they describe, so a restart resumes where the documents are. */
export class MongoCheckpointStore implements CheckpointStore {
  constructor(private readonly store: ReadStore) {}

  private get collection() {
    return this.store.collection<CheckpointDocument>('_checkpoints');
  }

  async load(name: string): Promise<Checkpoint | null> {
    const doc = await this.collection.findById(name);
    return doc ? { name, position: doc.position, version: doc.version } : null;
  }

  async save(checkpoint: Checkpoint): Promise<void> {
    await this.collection.replace({ _id: checkpoint.name, position: checkpoint.position, version: checkpoint.version });
  }
}
