import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckpointStore } from '../../backend/infrastructure/checkpoints/checkpoint-store.port';
import { MemoryCheckpointStore } from '../../backend/infrastructure/checkpoints/memory-checkpoint-store';
import { SqliteCheckpointStore } from '../../backend/infrastructure/checkpoints/sqlite-checkpoint-store';
import { uuidv7 } from '../../events';

function checkpointContract(
  name: string,
  open: () => Promise<{ store: CheckpointStore; reopen?: () => Promise<CheckpointStore>; close: () => Promise<void> }>,
) {
  describe(`CheckpointStore contract: ${name}`, () => {
    it('answers null for an unknown processor, then the last saved checkpoint', async () => {
      const { store, close } = await open();
      const processor = `p-${uuidv7()}`;
      expect(await store.load(processor)).toBeNull();
      await store.save({ name: processor, position: 10, version: 1 });
      await store.save({ name: processor, position: 42, version: 2 });
      expect(await store.load(processor)).toEqual({ name: processor, position: 42, version: 2 });
      await close();
    });

    it('keeps checkpoints across a reopen when durable', async () => {
      const { store, reopen, close } = await open();
      if (!reopen) {
        await close();
        return;
      }
      await store.save({ name: 'relay', position: 7, version: 1 });
      const again = await reopen();
      expect(await again.load('relay')).toEqual({ name: 'relay', position: 7, version: 1 });
      await close();
    });
  });
}

checkpointContract('memory', async () => ({ store: new MemoryCheckpointStore(), close: async () => undefined }));

checkpointContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cp-'));
  const file = join(dir, 'checkpoints.sqlite');
  const opened: SqliteCheckpointStore[] = [new SqliteCheckpointStore(file)];
  return {
    store: opened[0],
    reopen: async () => {
      opened[0].close();
      opened.push(new SqliteCheckpointStore(file));
      return opened[1];
    },
    close: async () => {
      for (const store of opened) {
        try {
          store.close();
        } catch {
          // already closed
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

if (process.env.MONGO_URL) {
  const { MongoReadStore } = require('../../backend/infrastructure/read-store/mongo-read-store');

  const { MongoCheckpointStore } = require('../../backend/infrastructure/checkpoints/mongo-checkpoint-store');
  checkpointContract('mongo', async () => {
    const readStore = await MongoReadStore.connect(process.env.MONGO_URL!, 'speach_contract');
    return { store: new MongoCheckpointStore(readStore), reopen: async () => new MongoCheckpointStore(readStore), close: () => readStore.close() };
  });
}
