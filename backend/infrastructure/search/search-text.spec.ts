import { SEARCH_TERM_MAX } from './search-index.port';
import {
  FEW_HITS,
  MAX_CORRECTED_WORDS,
  MAX_QUERY_WORDS,
  closeWords,
  correctionBudget,
  editDistance,
  queryWords,
  spendCorrection,
  typoAllowance,
  typoRanges,
} from './search-text';

describe('search text', () => {
  it('reads a query as its words, markup dropped, the last one a prefix from two letters', () => {
    expect(queryWords('<b>Ladder</b> saf')).toEqual([
      { word: 'ladder', prefix: false },
      { word: 'saf', prefix: true },
    ]);
    expect(queryWords('ladder a')).toEqual([
      { word: 'ladder', prefix: false },
      { word: 'a', prefix: false },
    ]);
    expect(queryWords('"*" AND ( ) -')).toEqual([{ word: 'and', prefix: true }]);
    expect(queryWords('😀 ***')).toEqual([]);
  });

  it('cuts a long term and keeps at most a dozen distinct words', () => {
    expect(queryWords('x'.repeat(SEARCH_TERM_MAX * 5))).toEqual([{ word: 'x'.repeat(SEARCH_TERM_MAX), prefix: true }]);
    const many = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    expect(queryWords(many)).toHaveLength(MAX_QUERY_WORDS);
    expect(queryWords('safety safety SAFETY')).toEqual([{ word: 'safety', prefix: true }]);
  });

  it('measures edit distance with swaps as one edit, stopping past the bound', () => {
    expect(editDistance('javascript', 'javascript', 2)).toBe(0);
    expect(editDistance('javscript', 'javascript', 2)).toBe(1);
    expect(editDistance('javsacript', 'javascript', 2)).toBe(1);
    expect(editDistance('zygomorfic', 'zygomorphic', 2)).toBe(2);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('tolerates no typo in short words, one up to seven letters, two beyond', () => {
    expect([typoAllowance('zbr'), typoAllowance('ecole'), typoAllowance('javscript')]).toEqual([0, 1, 2]);
    expect(typoRanges('zbr')).toEqual([]);
    const bounds = { minLength: 4, maxLength: 6 };
    expect(typoRanges('ecole')).toEqual([
      { on: 'term', letter: 'e', next: 'f', ...bounds },
      { on: 'term', letter: 'c', next: 'd', ...bounds },
      { on: 'tail', letter: 'c', next: 'd', ...bounds },
      { on: 'tail', letter: 'e', next: 'f', ...bounds },
    ]);
    expect(typoRanges('aardvark').map((r) => `${r.on}:${r.letter}`)).toEqual(['term:a', 'tail:a']);
  });

  it('picks the nearest, then most frequent, close words, never the ones the word already matches', () => {
    const vocabulary = [
      { term: 'javascript', docs: 3 },
      { term: 'javascripts', docs: 9 },
      { term: 'javasript', docs: 1 },
      { term: 'java', docs: 40 },
      { term: 'javscript', docs: 2 },
      { term: 'gone', docs: 0 },
    ];
    expect(closeWords({ word: 'javscript', prefix: false }, vocabulary)).toEqual(['javascript', 'javascripts', 'javasript']);
    expect(closeWords({ word: 'javscript', prefix: true }, vocabulary)).toEqual(['javascript', 'javascripts', 'javasript']);
    expect(closeWords({ word: 'javasc', prefix: true }, vocabulary)).toEqual([]);
    // A word found in two slices of the vocabulary is one candidate.
    expect(closeWords({ word: 'javscript', prefix: false }, [...vocabulary, ...vocabulary])).toEqual(['javascript', 'javascripts', 'javasript']);
    expect(closeWords({ word: 'gane', prefix: false }, vocabulary)).toEqual([]);
  });

  it('looks for corrections of rare words only, a bounded number per query', () => {
    const budget = correctionBudget();
    const word = (w: string) => ({ word: w, prefix: false });
    expect(spendCorrection(word('common'), FEW_HITS, budget)).toBe(false);
    expect(spendCorrection(word('zbr'), 0, budget)).toBe(false);
    for (let i = 0; i < MAX_CORRECTED_WORDS; i++) expect(spendCorrection(word('qwerty'), 0, budget)).toBe(true);
    expect(spendCorrection(word('javscript'), 0, budget)).toBe(false);
  });
});
