import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ValidationError } from '../decider/decider';
import { FileBlobStore, FileTooLargeError, HEAD_BYTES } from './blob-store';

describe('FileBlobStore.putStream', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'blobs-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const chunks = (count: number, size: number) => Readable.from(Array.from({ length: count }, (_, i) => Buffer.alloc(size, 65 + (i % 26))));

  it('stores the stream under its SHA-256, showing the check only the first bytes', async () => {
    let seen = 0;
    const { blobId, size } = await new FileBlobStore(dir).putStream(chunks(10, 1000), { maxBytes: 20_000, check: async (head) => void (seen = head.length) });
    expect(size).toBe(10_000);
    expect(seen).toBe(HEAD_BYTES);
    expect(readdirSync(dir)).toEqual([blobId]);
    expect((await new FileBlobStore(dir).get(blobId))?.size).toBe(10_000);
  });

  it('stops at the limit while streaming and leaves no file behind', async () => {
    let pulled = 0;
    const endless = Readable.from(
      (function* () {
        for (;;) {
          pulled += 1;
          yield Buffer.alloc(1024);
        }
      })(),
    );
    await expect(new FileBlobStore(dir).putStream(endless, { maxBytes: 10 * 1024, check: async () => undefined })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(pulled).toBeLessThan(20);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps nothing when the check refuses the content', async () => {
    const refused = new FileBlobStore(dir).putStream(chunks(2, 100), {
      maxBytes: 1000,
      check: async () => {
        throw new ValidationError('file', 'not a PDF');
      },
    });
    await expect(refused).rejects.toThrow('not a PDF');
    expect(readdirSync(dir)).toEqual([]);
  });
});
