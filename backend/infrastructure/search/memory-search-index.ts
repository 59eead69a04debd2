import { SPEACH_SEARCH, type SpeachSearchDocument } from '../../../projections/speach-search.projection';
import type { ReadStore } from '../read-store/read-store.port';
import { topK } from '../read-store/top-k';
import { SEARCH_FIELDS, SEARCH_FIELD_WEIGHTS, type SearchAnswer, type SearchIndex, type SearchRequest, principalsOf, sortOf } from './search-index.port';
import { searchTokens } from '../../../projections/search-text';
import {
  type CorrectionBudget,
  type QueryWord,
  type VocabularyEntry,
  closeWords,
  correctionBudget,
  queryWords,
  spendCorrection,
  typoRanges,
} from './search-text';

/** One listed document as indexed: its words' counts per field (title, tags, description, body) and its length. */
interface Entry {
  doc: SpeachSearchDocument;
  counts: Map<string, number[]> | null;
  length: number;
}

const K1 = 1.2;
const B = 0.75;
const WEIGHTS = SEARCH_FIELDS.map((f) => SEARCH_FIELD_WEIGHTS[f]);
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** A word without its first letter (a letter may be two UTF-16 units). */
const tailOf = (term: string) => term.slice(String.fromCodePoint(term.codePointAt(0)!).length);

/** The first index of a sorted array whose key is not below `key`. */
function lowerBound<T>(sorted: T[], key: string, keyOf: (item: T) => string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (keyOf(sorted[mid]) < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The SearchIndex over the MemoryReadStore's `speach_search` collection (fast tests, and the
 * embedded default until the SQLite read store serves it): an inverted index of the listed
 * documents with the same tokens, prefix, typo fallback and bm25 (FTS5's formula) as SQLite. It
 * follows the collection by object identity before each search: the store never changes a stored
 * document in place, so an unchanged object needs no work and a replaced one is re-indexed.
 */
export class MemorySearchIndex implements SearchIndex {
  readonly adapter = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly postings = new Map<string, Set<string>>();
  private sortedTerms: string[] | null = null;
  private sortedTails: { tail: string; term: string }[] | null = null;
  private totalLength = 0;
  private indexed = 0;

  constructor(
    private readonly store: ReadStore,
    private readonly collection = SPEACH_SEARCH,
  ) {}

  async search(request: SearchRequest): Promise<SearchAnswer> {
    await this.sync();
    const words = queryWords(request.term);
    const sort = sortOf(request, words.length > 0);
    const principals = new Set(principalsOf(request.viewer));
    const visible = (e: Entry) =>
      !!e.counts && e.doc.listedFrom !== null && e.doc.listedFrom <= request.viewer.now && e.doc.audience.some((a) => principals.has(a));

    let scores = new Map<string, number>();
    let found: Entry[];
    if (!words.length) found = [...this.entries.values()].filter(visible);
    else {
      // Per word, its phrases: the word (every vocabulary word it starts, when typed last) and its close words.
      const budget = correctionBudget();
      const groups = words.map((word) => this.phrases(word, budget));
      const matching = (operator: 'AND' | 'OR') => {
        const sets = groups.map((phrases) => new Set(phrases.flatMap((terms) => terms.flatMap((t) => [...(this.postings.get(t) ?? [])]))));
        const ids = operator === 'AND' ? [...sets[0]].filter((id) => sets.every((s) => s.has(id))) : [...new Set(sets.flatMap((s) => [...s]))];
        return ids.map((id) => this.entries.get(id)!).filter(visible);
      };
      found = matching('AND');
      if (!found.length && groups.length > 1) found = matching('OR');
      if (sort === 'RELEVANT') scores = this.bm25(found, groups.flat());
    }
    const availableLanguages = [...new Set(found.map((e) => e.doc.language))].sort();
    if (request.languageId) found = found.filter((e) => e.doc.language === request.languageId);
    const recent = (a: Entry, b: Entry) => compareText(b.doc.updatedAt, a.doc.updatedAt) || compareText(a.doc._id, b.doc._id);
    const sorters = {
      RELEVANT: (a: Entry, b: Entry) => (scores.get(b.doc._id) ?? 0) - (scores.get(a.doc._id) ?? 0) || recent(a, b),
      RECENT: recent,
      TITRE: (a: Entry, b: Entry) => compareText(a.doc.titleKey, b.doc.titleKey) || compareText(a.doc._id, b.doc._id),
    };
    const start = request.page * request.pageSize;
    const page = topK(found, start + request.pageSize, sorters[sort]).slice(start);
    return { ids: page.map((e) => e.doc._id), total: found.length, availableLanguages };
  }

  /** The phrases of one query word, each a list of vocabulary words: a prefix phrase is all the words it starts. */
  private phrases(word: QueryWord, budget: CorrectionBudget): string[][] {
    const own = word.prefix ? this.startingWith(word.word) : [word.word];
    const hits = new Set(own.flatMap((t) => [...(this.postings.get(t) ?? [])])).size;
    if (!spendCorrection(word, hits, budget)) return [own];
    const vocabulary: VocabularyEntry[] = [];
    for (const range of typoRanges(word.word)) {
      for (const term of range.on === 'term' ? this.startingWith(range.letter) : this.secondLetter(range.letter)) {
        const length = [...term].length;
        if (length >= range.minLength && length <= range.maxLength) vocabulary.push({ term, docs: this.postings.get(term)!.size });
      }
    }
    return [own, ...closeWords(word, vocabulary).map((t) => [t])];
  }

  /** FTS5's bm25: per phrase, its idf times the saturated, length-normalised, column-weighted count of its words. */
  private bm25(found: Entry[], phrases: string[][]): Map<string, number> {
    const average = this.indexed ? this.totalLength / this.indexed : 1;
    const idfs = phrases.map((terms) => {
      const n = new Set(terms.flatMap((t) => [...(this.postings.get(t) ?? [])])).size;
      const idf = Math.log((this.indexed - n + 0.5) / (n + 0.5));
      return idf > 0 ? idf : 1e-6;
    });
    const scores = new Map<string, number>();
    for (const entry of found) {
      let score = 0;
      phrases.forEach((terms, i) => {
        let weighted = 0;
        for (const term of terms) {
          const counts = entry.counts!.get(term);
          if (counts) for (let f = 0; f < WEIGHTS.length; f++) weighted += WEIGHTS[f] * counts[f];
        }
        if (weighted) score += (idfs[i] * (weighted * (K1 + 1))) / (weighted + K1 * (1 - B + (B * entry.length) / average));
      });
      scores.set(entry.doc._id, score);
    }
    return scores;
  }

  /** Vocabulary words whose second letter is `letter`. */
  private secondLetter(letter: string): string[] {
    if (!this.sortedTails)
      this.sortedTails = [...this.postings.keys()].map((term) => ({ tail: tailOf(term), term })).sort((a, b) => compareText(a.tail, b.tail));
    const tails = this.sortedTails;
    const out: string[] = [];
    for (let i = lowerBound(tails, letter, (t) => t.tail); i < tails.length && tails[i].tail.startsWith(letter); i++) out.push(tails[i].term);
    return out;
  }

  private startingWith(prefix: string): string[] {
    if (!this.sortedTerms) this.sortedTerms = [...this.postings.keys()].sort();
    const terms = this.sortedTerms;
    const out: string[] = [];
    for (let i = lowerBound(terms, prefix, (t) => t); i < terms.length && terms[i].startsWith(prefix); i++) out.push(terms[i]);
    return out;
  }

  /** Brings the index in step with the collection: new, replaced and removed documents. */
  private async sync(): Promise<void> {
    // Read-only: the memory store answers its own objects, so an unchanged document is the same object.
    const docs = await this.store.collection(this.collection).find({}, { readOnly: true });
    const seen = new Set<string>();
    for (const doc of docs as SpeachSearchDocument[]) {
      seen.add(doc._id);
      const entry = this.entries.get(doc._id);
      if (entry?.doc === doc) continue;
      if (entry) this.remove(entry);
      this.add(doc);
    }
    if (seen.size !== this.entries.size) for (const entry of [...this.entries.values()]) if (!seen.has(entry.doc._id)) this.remove(entry);
  }

  private add(doc: SpeachSearchDocument): void {
    if (!doc.listed) {
      this.entries.set(doc._id, { doc, counts: null, length: 0 });
      return;
    }
    const counts = new Map<string, number[]>();
    let length = 0;
    SEARCH_FIELDS.forEach((field, f) => {
      for (const token of searchTokens(doc[field])) {
        let perField = counts.get(token);
        if (!perField) counts.set(token, (perField = SEARCH_FIELDS.map(() => 0)));
        perField[f]++;
        length++;
      }
    });
    for (const term of counts.keys()) {
      let ids = this.postings.get(term);
      if (!ids) {
        this.postings.set(term, (ids = new Set()));
        this.sortedTerms = null;
        this.sortedTails = null;
      }
      ids.add(doc._id);
    }
    this.entries.set(doc._id, { doc, counts, length });
    this.totalLength += length;
    this.indexed++;
  }

  private remove(entry: Entry): void {
    this.entries.delete(entry.doc._id);
    if (!entry.counts) return;
    for (const term of entry.counts.keys()) {
      const ids = this.postings.get(term);
      ids?.delete(entry.doc._id);
      if (ids && !ids.size) {
        this.postings.delete(term);
        this.sortedTerms = null;
        this.sortedTails = null;
      }
    }
    this.totalLength -= entry.length;
    this.indexed--;
  }
}
