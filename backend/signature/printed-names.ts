import type { PrintedSignature } from '../../events';
import { SIGNER_NAMES, type SignerNamesDocument, nameAt } from '../../projections/signer-names.projection';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';

/**
 * Part 11 §11.50 at read time: each signature gets the name its signer had when signing (one indexed read for
 * the whole list). A signer the store no longer knows prints as an empty name: the record keeps their id.
 */
export async function withPrintedNames<R extends { signerId: string; signedAt: string }>(store: ReadStore, records: R[]): Promise<PrintedSignature<R>[]> {
  if (!records.length) return [];
  const ids = [...new Set(records.map((r) => r.signerId))];
  const docs = new Map((await store.collection<SignerNamesDocument>(SIGNER_NAMES).findByIds(ids)).map((d) => [d._id, d]));
  return records.map((r) => ({ ...r, printedName: nameAt(docs.get(r.signerId), r.signedAt) ?? '' }));
}
