import { createHash } from 'node:crypto';
import type { ChapterNode } from '../../projections/speaches.projection';

/** Keys sorted at every level, so the same content always gives the same text whatever order it was built in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 of what a learner reads of a version (its chapters in reading order: ids, tree, titles, contents).
 * Recorded with every read and answer so an inspector can tell which text a training was on.
 */
export function versionContentHash(nodes: ChapterNode[]): string {
  return createHash('sha256').update(canonical(nodes.map((n) => ({ chapterId: n.chapterId, parentId: n.parentId, title: n.title, content: n.content })))).digest('hex');
}
