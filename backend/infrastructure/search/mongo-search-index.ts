import type { Filter as MongoFilter } from 'mongodb';
import { SPEACH_SEARCH, type SpeachSearchDocument } from '../../../projections/speach-search.projection';
import { escapeRegex } from '../http/simple-rest';
import type { MongoReadStore } from '../read-store/mongo-read-store';
import { SEARCH_FIELD_WEIGHTS, type SearchAnswer, type SearchIndex, type SearchRequest, principalsOf, sortOf } from './search-index.port';
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

/** A prefix stands for at most this many vocabulary words (the most frequent): `$text` takes a list of words, not a prefix. */
export const PREFIX_EXPANSIONS = 64;

const HIGHEST = String.fromCodePoint(0x10ffff);

type Stats = { _id: string; n: number }[];

/**
 * The SearchIndex on MongoDB (`MONGO_URL`): a text index over the four fields with the same weights
 * (no stemming, accents and case folded by the version 3 text index), ranked by `textScore`. Every
 * word must match (any word when no speach has them all) through the documents' `terms`; the last
 * word's prefix and the typo fallback expand to words of the vocabulary, the distinct `terms` of
 * the listed documents, like the embedded adapters.
 */
export class MongoSearchIndex implements SearchIndex {
  readonly adapter = 'mongo' as const;
  private indexes: Promise<unknown> | null = null;

  constructor(
    private readonly store: MongoReadStore,
    private readonly collectionName = SPEACH_SEARCH,
  ) {}

  private get native() {
    return this.store.database.collection<SpeachSearchDocument>(this.collectionName);
  }

  /** Created once per process (MongoDB ignores an identical index that exists); tried again after a failure. */
  private ensureIndexes(): Promise<unknown> {
    this.indexes ??= this.native
      .createIndexes([
        {
          key: { title: 'text', tags: 'text', description: 'text', body: 'text' },
          name: 'speach_search_text',
          weights: { ...SEARCH_FIELD_WEIGHTS },
          default_language: 'none',
          // The documents' own `language` (en-US, fr-FR…) is not one of MongoDB's text languages.
          language_override: 'textSearchLanguage',
        },
        { key: { terms: 1 }, name: 'speach_search_terms' },
        { key: { audience: 1, listedFrom: 1 }, name: 'speach_search_audience' },
        { key: { updatedAt: -1, _id: 1 }, name: 'speach_search_recent' },
        { key: { titleKey: 1, _id: 1 }, name: 'speach_search_title' },
      ])
      .catch((error: unknown) => {
        this.indexes = null;
        throw error;
      });
    return this.indexes;
  }

  async search(request: SearchRequest): Promise<SearchAnswer> {
    await this.ensureIndexes();
    const words = queryWords(request.term);
    const sort = sortOf(request, words.length > 0);
    const visible: MongoFilter<SpeachSearchDocument> = {
      listed: true,
      listedFrom: { $lte: request.viewer.now },
      audience: { $in: principalsOf(request.viewer) },
    };
    const inLanguage = request.languageId ? [{ $match: { language: request.languageId } }] : [];
    const skip = request.page * request.pageSize;
    const order = sort === 'TITRE' ? { titleKey: 1, _id: 1 } : { updatedAt: -1, _id: 1 };
    const stats = (match: MongoFilter<SpeachSearchDocument>) =>
      this.native.aggregate<Stats[number]>([{ $match: match }, { $group: { _id: '$language', n: { $sum: 1 } } }]).toArray();
    const answer = async (match: MongoFilter<SpeachSearchDocument>, languages: Stats, ranked: boolean) => {
      const sortStage = ranked ? { score: { $meta: 'textScore' }, updatedAt: -1, _id: 1 } : order;
      const page = await this.native
        .aggregate<{ _id: string }>([
          { $match: match },
          ...inLanguage,
          { $sort: sortStage },
          { $skip: skip },
          { $limit: request.pageSize },
          { $project: { _id: 1 } },
        ])
        .toArray();
      const total = request.languageId ? (languages.find((l) => l._id === request.languageId)?.n ?? 0) : languages.reduce((sum, l) => sum + l.n, 0);
      return { ids: page.map((d) => d._id), total, availableLanguages: languages.map((l) => l._id).sort() };
    };

    if (!words.length) return answer(visible, await stats(visible), false);
    const groups: string[][] = [];
    const budget = correctionBudget();
    for (const word of words) groups.push(await this.alternatives(word, budget));
    const everyWord = [...new Set(groups.flat())];
    if (!everyWord.length) return { ids: [], total: 0, availableLanguages: [] };
    const text = { $text: { $search: everyWord.join(' ') } };
    let match: MongoFilter<SpeachSearchDocument> = { ...visible, ...text, $and: groups.map((terms) => ({ terms: { $in: terms } })) };
    let languages = await stats(match);
    if (!languages.length && groups.length > 1) {
      // Any word will do: `$text` alone matches documents with any of the words.
      match = { ...visible, ...text };
      languages = await stats(match);
    }
    return answer(match, languages, sort === 'RELEVANT');
  }

  /** The words a query word matches: itself or the words it starts, and close words when few documents have it. */
  private async alternatives(word: QueryWord, budget: CorrectionBudget): Promise<string[]> {
    const listed = { listed: true };
    const own = word.prefix
      ? (await this.vocabulary({ $gte: word.word, $lt: word.word + HIGHEST }, 1, Number.MAX_SAFE_INTEGER, PREFIX_EXPANSIONS)).map((v) => v.term)
      : [word.word];
    const hits = word.prefix
      ? await this.native.countDocuments({ ...listed, terms: { $gte: word.word, $lt: word.word + HIGHEST } })
      : await this.native.countDocuments({ ...listed, terms: word.word });
    if (!spendCorrection(word, hits, budget)) return own;
    const neighbours: VocabularyEntry[] = [];
    for (const range of typoRanges(word.word)) {
      const slice: Record<string, string> = range.on === 'term' ? { $gte: range.letter, $lt: range.next } : { $regex: `^.${escapeRegex(range.letter)}` };
      neighbours.push(...(await this.vocabulary(slice, range.minLength, range.maxLength)));
    }
    return [...own, ...closeWords(word, neighbours)];
  }

  /** Vocabulary words matching `range` (a range or an anchored pattern) of a length in bounds, with their document counts, most frequent first. */
  private async vocabulary(range: Record<string, string>, minLength: number, maxLength: number, limit?: number): Promise<VocabularyEntry[]> {
    const rows = await this.native
      .aggregate<{ _id: string; docs: number }>([
        { $match: { listed: true, terms: range } },
        { $project: { terms: 1 } },
        { $unwind: '$terms' },
        { $match: { terms: range } },
        { $group: { _id: '$terms', docs: { $sum: 1 } } },
        { $match: { $expr: { $and: [{ $gte: [{ $strLenCP: '$_id' }, minLength] }, { $lte: [{ $strLenCP: '$_id' }, maxLength] }] } } },
        { $sort: { docs: -1, _id: 1 } },
        ...(limit ? [{ $limit: limit }] : []),
      ])
      .toArray();
    return rows.map((r) => ({ term: r._id, docs: r.docs }));
  }
}
