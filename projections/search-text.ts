import { normaliseKey } from './speaches.projection';

/**
 * Words as every adapter sees them: runs of letters and digits, lower-cased, accents folded (the
 * same split as SQLite's `unicode61` tokenizer), so symbols such as < > $ + | never glue onto a word.
 */
export function searchTokens(text: string): string[] {
  return normaliseKey(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Distinct words of a document's searchable text: its share of the index's vocabulary. */
export function distinctTokens(...texts: string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const word of searchTokens(text)) words.add(word);
  return [...words];
}
