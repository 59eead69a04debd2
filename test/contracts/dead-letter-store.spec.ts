import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DeadLetterStore, ReadStoreDeadLetters, SqliteDeadLetterStore } from '../../backend/infrastructure/policies/dead-letter-store';
import type { DeadLetter } from '../../backend/infrastructure/policies/policy';
import { MemoryReadStore } from '../../backend/infrastructure/read-store/memory-read-store';
import { uuidv7 } from '../../events';

const letter = (policy: string, key: string, error = 'boom'): DeadLetter => ({
  policy,
  key,
  position: 12,
  eventType: 'WorkflowCompleted',
  streamId: 'workflow-1',
  error,
  attempts: 5,
  at: '2026-03-01T10:00:00.000Z',
});

function deadLetterContract(
  name: string,
  open: () => Promise<{ store: DeadLetterStore; reopen?: () => Promise<DeadLetterStore>; close: () => Promise<void> }>,
) {
  describe(`DeadLetterStore contract: ${name}`, () => {
    it('keeps one letter per policy and trigger (the latest failure) and removes it', async () => {
      const { store, close } = await open();
      const policy = `p-${uuidv7()}`;
      await store.put(letter(policy, 'e1'));
      await store.put(letter(policy, 'e2'));
      await store.put(letter(policy, 'e1', 'again'));
      await store.put(letter(`${policy}-other`, 'e1'));
      const mine = (await store.list()).filter((l) => l.policy === policy);
      expect(mine.map((l) => [l.key, l.error]).sort()).toEqual([
        ['e1', 'again'],
        ['e2', 'boom'],
      ]);
      await store.remove(policy, 'e1');
      expect((await store.list()).filter((l) => l.policy === policy)).toEqual([letter(policy, 'e2')]);
      expect((await store.list()).filter((l) => l.policy === `${policy}-other`)).toHaveLength(1);
      await close();
    });

    it('keeps its letters across a reopen when durable', async () => {
      const { store, reopen, close } = await open();
      if (!reopen) {
        await close();
        return;
      }
      await store.put(letter('durable', 'e9'));
      const again = await reopen();
      expect(await again.list()).toEqual([letter('durable', 'e9')]);
      await close();
    });
  });
}

deadLetterContract('read store (memory)', async () => ({ store: new ReadStoreDeadLetters(new MemoryReadStore()), close: async () => undefined }));

deadLetterContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dl-'));
  const file = join(dir, 'checkpoints.sqlite');
  const opened: SqliteDeadLetterStore[] = [new SqliteDeadLetterStore(file)];
  return {
    store: opened[0],
    reopen: async () => {
      opened[0].close();
      opened.push(new SqliteDeadLetterStore(file));
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
  deadLetterContract('mongo', async () => {
    const readStore = await MongoReadStore.connect(process.env.MONGO_URL!, 'speach_contract');
    return { store: new ReadStoreDeadLetters(readStore), close: () => readStore.close() };
  });
}
