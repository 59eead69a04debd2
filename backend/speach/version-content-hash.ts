import { speachContentHash } from '../../events';
import type { ChapterNode } from '../../projections/speaches.projection';

/**
 * The content hash of a published version as a learner reads it: the same function the signatures bind to
 * (`speachContentHash`), so a read, a quiz answer and a signed completion of one version carry one hash.
 */
export function versionContentHash(title: string, nodes: ChapterNode[]): string {
  return speachContentHash(title, nodes);
}
