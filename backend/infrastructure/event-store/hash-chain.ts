import { createHash } from 'node:crypto';
import type { EventStore } from './event-store.port';

/** The hash the first event of a log is chained to. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * One link of the tamper-evidence chain, as stored: `data` and `metadata` are the JSON texts that
 * were hashed, `position` the number hashed (the global position; ESDB: the chain index it carries).
 */
export interface ChainLink {
  position: number;
  eventId: string;
  streamId: string;
  type: string;
  data: string;
  metadata: string;
  time: string;
  /** Null for a row stored before the chain existed and not migrated yet. */
  hash: string | null;
}

/**
 * sha256(previousHash + type + data + metadata + position), and the stream id, event id and time,
 * so that moving, renaming or back-dating an event breaks the chain too. Fields are separated by a
 * newline so that no two different events can concatenate to the same text.
 */
export function chainHash(previousHash: string, link: Omit<ChainLink, 'hash'>): string {
  return createHash('sha256')
    .update([previousHash, link.type, link.data, link.metadata, String(link.position), link.streamId, link.eventId, link.time].join('\n'))
    .digest('hex');
}

export interface ChainStatus {
  ok: boolean;
  /** Links verified by this walk and the walks it continues. */
  verified: number;
  /** Last position verified good, and its hash: where an incremental walk resumes. */
  lastPosition: number;
  lastHash: string;
  firstBroken: { position: number; expected: string; found: string | null } | null;
}

export const EMPTY_CHAIN: ChainStatus = { ok: true, verified: 0, lastPosition: 0, lastHash: GENESIS_HASH, firstBroken: null };

/**
 * Walks the log from a verified point (the genesis by default) and stops at the first link whose
 * stored hash is not the hash recomputed from its predecessor and its own content.
 */
export async function verifyChain(store: EventStore, from: ChainStatus = EMPTY_CHAIN, pageSize = 5000): Promise<ChainStatus> {
  let { verified, lastPosition, lastHash } = from;
  for (;;) {
    const links = await store.readChain({ after: lastPosition, maxCount: pageSize });
    for (const link of links) {
      const expected = chainHash(lastHash, link);
      if (link.hash !== expected) {
        return { ok: false, verified, lastPosition, lastHash, firstBroken: { position: link.position, expected, found: link.hash } };
      }
      verified += 1;
      lastPosition = link.position;
      lastHash = expected;
    }
    if (links.length < pageSize) return { ok: true, verified, lastPosition, lastHash, firstBroken: null };
  }
}
