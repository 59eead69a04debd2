import { searchTokens } from '../../../projections/search-text';
import { SEARCH_TERM_MAX } from './search-index.port';

/** A pasted page is searched by its first words only: each word costs a lookup and possibly a typo search. */
export const MAX_QUERY_WORDS = 12;
/** The last word is matched as a prefix (the reader is still typing it) from this length on. */
export const PREFIX_MIN = 2;
/** A word found in fewer documents than this is probably misspelt: close words of the vocabulary are added. */
export const FEW_HITS = 3;
/** Close words added per misspelt word, nearest and most frequent first. */
export const MAX_TYPO_CANDIDATES = 8;

export interface QueryWord {
  word: string;
  /** Matches any vocabulary word that starts with it. */
  prefix: boolean;
}

/** The words of what a reader typed: markup dropped, cut to SEARCH_TERM_MAX, deduplicated. */
export function queryWords(term: string): QueryWord[] {
  const text = term.slice(0, SEARCH_TERM_MAX).replace(/<[^>]*>/g, ' ');
  const words = [...new Set(searchTokens(text))].slice(0, MAX_QUERY_WORDS);
  return words.map((word, i) => ({ word, prefix: i === words.length - 1 && [...word].length >= PREFIX_MIN }));
}

/** Typos tolerated in a word: none in short words (too many neighbours), one up to 7 letters, two beyond. */
export function typoAllowance(word: string): number {
  const length = [...word].length;
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/** A slice of the sorted vocabulary: the words whose first letter (`term`), or second (`tail`), is `letter`. */
export interface TypoRange {
  on: 'term' | 'tail';
  letter: string;
  /** `letter`'s successor: the slice is [letter, next) on the word or on the word without its first letter. */
  next: string;
  minLength: number;
  maxLength: number;
}

/**
 * Where a misspelling's neighbours are looked for: the words with its first letter first (typo
 * further on) or its second letter first (first letter added or swapped), and the words with its
 * second letter second (first letter wrong) or its first letter second (first letter dropped). Four
 * narrow slices of the vocabulary instead of all of it; only a word wrong in both its first two
 * letters is not corrected.
 */
export function typoRanges(word: string): TypoRange[] {
  const letters = [...word];
  const allowance = typoAllowance(word);
  if (!allowance) return [];
  const bounds = { minLength: Math.max(1, letters.length - allowance), maxLength: letters.length + allowance };
  const slices = [
    ['term', letters[0]],
    ['term', letters[1]],
    ['tail', letters[1]],
    ['tail', letters[0]],
  ] as const;
  const seen = new Set<string>();
  const out: TypoRange[] = [];
  for (const [on, letter] of slices) {
    if (seen.has(on + letter)) continue;
    seen.add(on + letter);
    out.push({ on, letter, next: String.fromCodePoint(letter.codePointAt(0)! + 1), ...bounds });
  }
  return out;
}

/**
 * Damerau-Levenshtein distance (optimal string alignment) between two words, or `max + 1` as soon
 * as it is certain to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[t.length];
}

export interface VocabularyEntry {
  term: string;
  /** Documents containing it. */
  docs: number;
}

/**
 * The vocabulary's words within the word's typo allowance, nearest then most frequent first; not
 * the ones the word matches already (itself, or the words it starts), which would count twice.
 */
export function closeWords(word: QueryWord, vocabulary: Iterable<VocabularyEntry>): string[] {
  const allowance = typoAllowance(word.word);
  const close = new Map<string, { term: string; distance: number; docs: number }>();
  for (const entry of vocabulary) {
    if (entry.docs <= 0 || close.has(entry.term) || (word.prefix ? entry.term.startsWith(word.word) : entry.term === word.word)) continue;
    const distance = editDistance(word.word, entry.term, allowance);
    if (distance <= allowance) close.set(entry.term, { term: entry.term, distance, docs: entry.docs });
  }
  const found = [...close.values()];
  found.sort((a, b) => a.distance - b.distance || b.docs - a.docs || (a.term < b.term ? -1 : 1));
  return found.slice(0, MAX_TYPO_CANDIDATES).map((f) => f.term);
}

/** One word of the query with what it may match: itself (as a prefix when typed last) and close words. */
export interface WordGroup extends QueryWord {
  alternatives: string[];
}

/** Words of one query looked up for corrections at most: each lookup reads a slice of the vocabulary. */
export const MAX_CORRECTED_WORDS = 3;

/** The corrections one query may still look up (a pasted paragraph of unknown words costs a bounded number). */
export interface CorrectionBudget {
  left: number;
}

export const correctionBudget = (): CorrectionBudget => ({ left: MAX_CORRECTED_WORDS });

/**
 * Whether to look for close words of a word the index has in few documents (`hits`), spending one
 * of the query's corrections when so.
 */
export function spendCorrection(word: QueryWord, hits: number, budget: CorrectionBudget): boolean {
  if (budget.left <= 0 || !typoAllowance(word.word) || hits >= FEW_HITS) return false;
  budget.left--;
  return true;
}
