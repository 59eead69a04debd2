import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';

export interface StoredBlob {
  size: number;
  /** A stream of bytes `start`..`end` (inclusive), or the whole blob. */
  open(range?: { start: number; end: number }): Readable;
}

/**
 * Uploaded files (videos, audio, PDFs). Blobs are content-addressed (SHA-256), so the same file
 * uploaded twice is stored once and an event can name a blob that never changes.
 */
export abstract class BlobStore {
  abstract put(bytes: Buffer): Promise<string>;
  abstract get(blobId: string): Promise<StoredBlob | null>;
}

const BLOB_ID = /^[0-9a-f]{64}$/;
const blobId = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Files under `DATA_DIR/blobs`, written to a temporary name then renamed (never half-written). */
export class FileBlobStore extends BlobStore {
  constructor(private readonly dir: string) {
    super();
  }

  async put(bytes: Buffer): Promise<string> {
    const id = blobId(bytes);
    const file = join(this.dir, id);
    if (!existsSync(file)) {
      mkdirSync(this.dir, { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      writeFileSync(temporary, bytes, { flush: true });
      renameSync(temporary, file);
    }
    return id;
  }

  async get(id: string): Promise<StoredBlob | null> {
    if (!BLOB_ID.test(id)) return null;
    const file = join(this.dir, id);
    if (!existsSync(file)) return null;
    const size = statSync(file).size;
    return { size, open: (range) => createReadStream(file, range) };
  }
}

/** Tests: blobs in memory. */
export class MemoryBlobStore extends BlobStore {
  private readonly blobs = new Map<string, Buffer>();

  async put(bytes: Buffer): Promise<string> {
    const id = blobId(bytes);
    this.blobs.set(id, Buffer.from(bytes));
    return id;
  }

  async get(id: string): Promise<StoredBlob | null> {
    const bytes = this.blobs.get(id);
    if (!bytes) return null;
    return { size: bytes.length, open: (range) => Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]) };
  }
}
