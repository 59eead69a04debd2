import { speachContentHash } from '../../events';
import { type SpeachDocument, type SpeachVersionDocument, readingOrder } from '../speach';
import { WORKFLOWS, type WorkflowDocument } from '../../projections/workflows.projection';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';

/** The hash of a speach's draft: what an approver signs (it becomes the next version as it is). */
export function draftContentHash(doc: SpeachDocument): string {
  return speachContentHash(doc.title, readingOrder(doc.draft));
}

/** The hash of a published version: what a learner signs on completion. Equal to its draft's hash at publication. */
export function versionContentHash(version: SpeachVersionDocument): string {
  return speachContentHash(version.title, version.chapters);
}

/** The version an approval signs: the one the draft becomes when published. */
export function nextVersion(doc: SpeachDocument): number {
  return doc.publishedVersion + 1;
}

/**
 * A speach is GMP-regulated when its newest workflow was submitted as regulated (the flag the
 * card shows as `regulated_gmp`): its approvals, reviews and completions are signed.
 */
export async function isRegulated(store: ReadStore, speachId: string): Promise<boolean> {
  const [latest] = await store.collection<WorkflowDocument>(WORKFLOWS).find({ speachId, latest: true }, { limit: 1 });
  return latest?.regulatedGmp === true;
}
