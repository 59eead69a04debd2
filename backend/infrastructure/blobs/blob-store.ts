import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ValidationError } from '../decider/decider';

/** How many first bytes a stored upload's `check` sees: enough for any magic-byte signature. */
export const HEAD_BYTES = 4100;

export interface StreamedUpload {
  /** Refuse a file over this many bytes, as soon as it passes it (the rest is never read into memory). */
  maxBytes: number;
  /** Looks at the first bytes before the blob is kept; throwing refuses the file and nothing is stored. */
  check: (head: Buffer) => Promise<void>;
}

export class FileTooLargeError extends ValidationError {
  constructor(maxBytes: number) {
    super('file', `The file is too large: at most ${Math.floor(maxBytes / 1024 / 1024)} MB`);
  }
}

/** Counts, hashes and keeps the first bytes of what flows through; fails past the limit. */
function measuring(maxBytes: number) {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  async function* through(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) throw new FileTooLargeError(maxBytes);
      hash.update(chunk);
      if (headSize < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
      }
      yield chunk;
    }
  }
  return { through, result: () => ({ size, blobId: hash.digest('hex'), head: Buffer.concat(head) }) };
}

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
  /** Stores an upload as it streams in (never whole in memory), or nothing when it is too large or refused. */
  abstract putStream(source: Readable, upload: StreamedUpload): Promise<{ blobId: string; size: number }>;
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

  async putStream(source: Readable, upload: StreamedUpload): Promise<{ blobId: string; size: number }> {
    mkdirSync(this.dir, { recursive: true });
    const temporary = join(this.dir, `upload.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`);
    const measure = measuring(upload.maxBytes);
    const out = createWriteStream(temporary, { flush: true });
    try {
      await pipeline(source, measure.through, out);
      const { blobId, size, head } = measure.result();
      if (size === 0) throw new ValidationError('file', 'Send the file as the request body');
      await upload.check(head);
      const file = join(this.dir, blobId);
      if (existsSync(file)) rmSync(temporary, { force: true });
      else renameSync(temporary, file);
      return { blobId, size };
    } catch (error) {
      // A stream destroyed while its file is still opening creates the file afterwards: remove it once closed.
      if (!out.closed) await new Promise<void>((closed) => out.once('close', () => closed()));
      rmSync(temporary, { force: true });
      source.resume();
      throw error;
    }
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

  async putStream(source: Readable, upload: StreamedUpload): Promise<{ blobId: string; size: number }> {
    const measure = measuring(upload.maxBytes);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of measure.through(source)) chunks.push(chunk);
    } catch (error) {
      source.resume();
      throw error;
    }
    const { blobId, size, head } = measure.result();
    if (size === 0) throw new ValidationError('file', 'Send the file as the request body');
    await upload.check(head);
    this.blobs.set(blobId, Buffer.concat(chunks));
    return { blobId, size };
  }

  async get(id: string): Promise<StoredBlob | null> {
    const bytes = this.blobs.get(id);
    if (!bytes) return null;
    return { size: bytes.length, open: (range) => Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]) };
  }
}
