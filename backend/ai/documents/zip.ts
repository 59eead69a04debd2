import { closeSync, openSync, readSync, fstatSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Office parts are small; a bigger one is refused rather than inflated into memory. */
const MAX_ENTRY_BYTES = 256 * 1024 * 1024;

/**
 * Reads entries of a zip file from disk without loading the whole file: the central directory,
 * then only the entries asked for (OOXML, OpenDocument, Keynote and Pages files are zips).
 */
export class ZipFile {
  private constructor(
    private readonly fd: number,
    readonly entries: ZipEntry[],
  ) {}

  static open(path: string): ZipFile {
    const fd = openSync(path, 'r');
    try {
      return new ZipFile(fd, ZipFile.centralDirectory(fd));
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  private static read(fd: number, position: number, length: number): Buffer {
    const buffer = Buffer.alloc(length);
    const got = readSync(fd, buffer, 0, length, position);
    return buffer.subarray(0, got);
  }

  private static centralDirectory(fd: number): ZipEntry[] {
    const size = fstatSync(fd).size;
    const tailLength = Math.min(size, 65_557);
    const tail = ZipFile.read(fd, size - tailLength, tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0) throw new Error('not a zip file');
    const count = tail.readUInt16LE(end + 10);
    const dirSize = tail.readUInt32LE(end + 12);
    const dirOffset = tail.readUInt32LE(end + 16);
    if (dirOffset === 0xffffffff) throw new Error('zip64 archives are not supported');
    const dir = ZipFile.read(fd, dirOffset, dirSize);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let i = 0; i < count && at + 46 <= dir.length; i++) {
      if (dir.readUInt32LE(at) !== 0x02014b50) throw new Error('corrupt zip directory');
      const nameLength = dir.readUInt16LE(at + 28);
      const extraLength = dir.readUInt16LE(at + 30);
      const commentLength = dir.readUInt16LE(at + 32);
      entries.push({
        method: dir.readUInt16LE(at + 10),
        compressedSize: dir.readUInt32LE(at + 20),
        size: dir.readUInt32LE(at + 24),
        localOffset: dir.readUInt32LE(at + 42),
        name: dir.toString('utf8', at + 46, at + 46 + nameLength),
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  }

  find(test: (name: string) => boolean): ZipEntry | undefined {
    return this.entries.find((e) => test(e.name));
  }

  /** The entry's bytes, or null when absent. */
  bytes(nameOrEntry: string | ZipEntry): Buffer | null {
    const entry = typeof nameOrEntry === 'string' ? this.entries.find((e) => e.name === nameOrEntry) : nameOrEntry;
    if (!entry) return null;
    if (entry.size > MAX_ENTRY_BYTES || entry.compressedSize > MAX_ENTRY_BYTES) throw new Error(`zip entry ${entry.name} is too large`);
    const header = ZipFile.read(this.fd, entry.localOffset, 30);
    if (header.readUInt32LE(0) !== 0x04034b50) throw new Error('corrupt zip entry');
    const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const data = ZipFile.read(this.fd, start, entry.compressedSize);
    if (entry.method === 0) return data;
    if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: MAX_ENTRY_BYTES });
    throw new Error(`zip compression method ${entry.method} is not supported`);
  }

  text(name: string): string | null {
    return this.bytes(name)?.toString('utf8') ?? null;
  }

  close(): void {
    closeSync(this.fd);
  }
}
