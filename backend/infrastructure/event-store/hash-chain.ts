import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
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

/**
 * The last link as of the last commit, signed with a key kept outside the log (AUDIT_KEY): deleting
 * the newest events, or re-chaining an edited log, cannot produce a head that still verifies.
 */
export interface SignedHead {
  position: number;
  hash: string;
  signature: string;
}

export function signHead(key: Buffer, position: number, hash: string): string {
  return createHmac('sha256', key).update(`chain-head\n${position}\n${hash}`).digest('hex');
}

function signatureHolds(key: Buffer, head: SignedHead): boolean {
  const expected = Buffer.from(signHead(key, head.position, head.hash), 'hex');
  const found = /^[0-9a-f]{64}$/.test(head.signature) ? Buffer.from(head.signature, 'hex') : Buffer.alloc(0);
  return found.length === expected.length && timingSafeEqual(found, expected);
}

export interface ChainStatus {
  ok: boolean;
  /** Why the chain does not hold, in words (a broken link, a truncated log, a forged or missing head). */
  error?: string;
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
export async function verifyChain(
  store: EventStore,
  from: ChainStatus = EMPTY_CHAIN,
  pageSize = 5000,
  headKey?: Buffer,
  progress?: (walked: ChainStatus) => void,
): Promise<ChainStatus> {
  // The head is read before the walk: events committed meanwhile lie beyond it and are walked too.
  const head = headKey && store.readSignedHead ? await store.readSignedHead() : undefined;
  let { verified, lastPosition, lastHash } = from;
  for (let page = 0; ; page++) {
    // A synchronous store answers each page at once: without a turn of the event loop between pages, a
    // walk of millions of events would hold the server's one thread (requests, health) until it ends.
    if (page > 0) await new Promise((resolve) => setImmediate(resolve));
    const links = await store.readChain({ after: lastPosition, maxCount: pageSize });
    for (const link of links) {
      const expected = chainHash(lastHash, link);
      if (link.hash !== expected) {
        const error = link.hash === null ? `event ${link.position} carries no hash` : `event ${link.position} does not match its hash`;
        return { ok: false, error, verified, lastPosition, lastHash, firstBroken: { position: link.position, expected, found: link.hash } };
      }
      verified += 1;
      lastPosition = link.position;
      lastHash = expected;
    }
    progress?.({ ok: true, verified, lastPosition, lastHash, firstBroken: null });
    if (links.length < pageSize) break;
  }
  const walked: ChainStatus = { ok: true, verified, lastPosition, lastHash, firstBroken: null };
  if (head === undefined || !headKey) return walked;
  return checkHead(store, walked, head, headKey);
}

/** The signed head must be genuine and lie on the chain just walked: a log shorter than it was truncated. */
async function checkHead(store: EventStore, walked: ChainStatus, head: SignedHead | null, key: Buffer): Promise<ChainStatus> {
  const broken = (error: string, position: number, expected: string, found: string | null): ChainStatus => ({
    ...walked,
    ok: false,
    error,
    firstBroken: { position, expected, found },
  });
  if (head === null) return walked.lastPosition === 0 ? walked : broken('the log has no signed chain head', walked.lastPosition, 'a signed head', null);
  if (!signatureHolds(key, head)) return broken('the chain head signature does not verify (forged head or wrong AUDIT_KEY)', head.position, head.hash, null);
  if (head.position > walked.lastPosition) {
    return broken(
      `the log ends at ${walked.lastPosition} but was signed up to ${head.position}: events were removed`,
      walked.lastPosition + 1,
      head.hash,
      null,
    );
  }
  if (head.position === 0) return walked;
  const [link] = await store.readChain({ after: head.position - 1, maxCount: 1 });
  if (!link || link.position !== head.position)
    return broken(`the log no longer holds event ${head.position}, signed as its head: events were removed`, head.position, head.hash, null);
  if (link.hash !== head.hash) return broken(`event ${head.position} is not the one the signed head names`, head.position, head.hash, link.hash);
  return walked;
}
