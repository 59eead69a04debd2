import type Database from 'better-sqlite3';
import { SPEACH_SEARCH } from '../../../projections/speach-search.projection';
import { SEARCH_FIELD_WEIGHTS, type SearchAnswer, type SearchIndex, type SearchRequest, principalsOf, sortOf } from './search-index.port';
import {
  type CorrectionBudget,
  type QueryWord,
  type VocabularyEntry,
  type WordGroup,
  closeWords,
  correctionBudget,
  queryWords,
  spendCorrection,
  typoRanges,
} from './search-text';

type Db = Database.Database;

/**
 * A relevance ranking costs bm25 for every match (about 2 µs each on 100k speaches): beyond this many
 * matches (a very common word, a short prefix) only the newest this many are ranked and the others
 * follow, newest first. A common word then costs about what a rare one does.
 */
export const RANKING_WINDOW = 300;

/**
 * Beyond this many matches, a search sorted by title or by update walks the facts in that order and
 * keeps the matches (a set of the matching rows, read from the full-text index alone) instead of
 * reading every match's facts and sorting them: reading a match's facts costs several times what
 * reading its row number does.
 */
export const WALK_FROM = 1000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables and triggers attached to a collection's table `<table>`. */
function names(table: string) {
  return {
    base: quote(table),
    fts: quote(`${table}_fts`),
    ftsName: `${table}_fts`,
    facts: quote(`${table}_facts`),
    audience: quote(`${table}_audience`),
    terms: quote(`${table}_terms`),
    tally: quote(`${table}_tally`),
    tallyName: `${table}_tally`,
    triggers: ['insert', 'delete', 'update_text', 'update_facts', 'tally_insert', 'tally_delete', 'tally_update'].map((t) => quote(`${table}_search_${t}`)),
    indexes: {
      // Covering: a walk in title or update order tests visibility and language without reading the rows.
      updated: quote(`${table}_facts_updated_cover`),
      title: quote(`${table}_facts_title_cover`),
      scheduled: quote(`${table}_facts_listed_from`),
      oldUpdated: quote(`${table}_facts_updated`),
      oldTitle: quote(`${table}_facts_title`),
      audienceDoc: quote(`${table}_audience_doc`),
      termTail: quote(`${table}_terms_tail`),
    },
  };
}

const listed = (row: string) => `coalesce(json_extract(${row}.doc, '$.listed'), 0)`;

/** The language a listed public document is tallied under; NULL for any other document (restricted, not listed). */
const tallied = (row: string) =>
  `(CASE WHEN ${listed(row)} AND EXISTS (SELECT 1 FROM json_each(${row}.doc, '$.audience') WHERE value = '*') THEN json_extract(${row}.doc, '$.language') END)`;

/** The term under which every tallied document is counted (the total without a search term); no word is empty. */
const EVERY_DOCUMENT = '';

/**
 * Statements run for a row entering (`new`) or leaving (`old`) the index, written once for the
 * triggers and the backfill (`base` given: every row of the table, aliased `row`).
 */
function rowStatements(table: string, row = 'new', base?: string) {
  const n = names(table);
  const text = (r: string) => ['title', 'tags', 'description', 'body'].map((f) => `json_extract(${r}.doc, '$.${f}')`).join(', ');
  const from = base ? `FROM ${base} AS ${row}` : '';
  const join = base ? `${base} AS ${row}, ` : '';
  return {
    addText: `
      INSERT INTO ${n.fts}(rowid, title, tags, description, body) SELECT ${row}.rowid, ${text(row)} ${from} WHERE ${listed(row)};
      INSERT INTO ${n.terms}(term, docs) SELECT value, count(DISTINCT ${row}.rowid) FROM ${join}json_each(${row}.doc, '$.terms') WHERE ${listed(row)} GROUP BY value
        ON CONFLICT(term) DO UPDATE SET docs = docs + excluded.docs;`,
    removeText: `
      DELETE FROM ${n.fts} WHERE rowid = old.rowid AND ${listed('old')};
      UPDATE ${n.terms} SET docs = docs - 1 WHERE ${listed('old')} AND term IN (SELECT value FROM json_each(old.doc, '$.terms'));
      DELETE FROM ${n.terms} WHERE docs <= 0 AND term IN (SELECT value FROM json_each(old.doc, '$.terms'));`,
    addFacts: `
      INSERT INTO ${n.facts}(doc, id, listed_from, public, language, updated_at, title_key)
        SELECT ${row}.rowid, ${row}._id, json_extract(${row}.doc, '$.listedFrom'),
          EXISTS (SELECT 1 FROM json_each(${row}.doc, '$.audience') WHERE value = '*'),
          json_extract(${row}.doc, '$.language'), json_extract(${row}.doc, '$.updatedAt'), json_extract(${row}.doc, '$.titleKey')
        ${from} WHERE ${listed(row)};
      INSERT OR IGNORE INTO ${n.audience}(principal, doc) SELECT value, ${row}.rowid FROM ${join}json_each(${row}.doc, '$.audience') WHERE value <> '*' AND ${listed(row)};`,
    removeFacts: `
      DELETE FROM ${n.facts} WHERE doc = old.rowid;
      DELETE FROM ${n.audience} WHERE doc = old.rowid;`,
    // A trigger's row is tallied under one language, computed once (the whole table's backfill computes it per row).
    addTally: base
      ? `
      INSERT INTO ${n.tally}(term, language, docs)
        SELECT term, language, count(*) FROM (
          SELECT DISTINCT ${row}.rowid AS doc, e.value AS term, ${tallied(row)} AS language FROM ${join}json_each(${row}.doc, '$.terms') e
            WHERE ${tallied(row)} IS NOT NULL
          UNION ALL SELECT ${row}.rowid, '${EVERY_DOCUMENT}', ${tallied(row)} ${from} WHERE ${tallied(row)} IS NOT NULL)
        WHERE true GROUP BY term, language
        ON CONFLICT(term, language) DO UPDATE SET docs = docs + excluded.docs;`
      : `
      INSERT INTO ${n.tally}(term, language, docs)
        SELECT e.value, t.language, 1 FROM (SELECT ${tallied(row)} AS language) t, json_each(${row}.doc, '$.terms') e
          WHERE t.language IS NOT NULL GROUP BY e.value
        UNION ALL SELECT '${EVERY_DOCUMENT}', t.language, 1 FROM (SELECT ${tallied(row)} AS language) t WHERE t.language IS NOT NULL
        ON CONFLICT(term, language) DO UPDATE SET docs = docs + 1;`,
    removeTally: `
      UPDATE ${n.tally} SET docs = docs - 1 WHERE language = ${tallied('old')}
        AND (term = '${EVERY_DOCUMENT}' OR term IN (SELECT value FROM json_each(old.doc, '$.terms')));
      DELETE FROM ${n.tally} WHERE docs <= 0 AND language = ${tallied('old')}
        AND (term = '${EVERY_DOCUMENT}' OR term IN (SELECT value FROM json_each(old.doc, '$.terms')));`,
  };
}

/**
 * Attaches full-text search to a collection's table (the shared SQLite layout: `_id`, `doc` JSON,
 * ordinary rowids): an FTS5 index of the listed documents' text (contentless: the text stays in
 * `doc`), their filter and sort facts, their audience, the vocabulary with document counts, and the
 * tally of the listed public documents per word and language (a common word's total without walking
 * its matches). The triggers keep them in step inside the transactions that write the table, so the
 * index is as exactly-once as the projection's checkpoint. Rows already in the table are indexed here.
 */
export function installSqliteSearch(db: Db, table: string): void {
  const n = names(table);
  const existed = !!db.prepare(`SELECT 1 FROM sqlite_master WHERE name = ?`).get(n.ftsName);
  const rows = rowStatements(table);
  const textChanged = ['title', 'tags', 'description', 'body']
    .map((f) => `json_extract(old.doc, '$.${f}') IS NOT json_extract(new.doc, '$.${f}')`)
    .join(' OR ');
  const tallyExisted = !!db.prepare(`SELECT 1 FROM sqlite_master WHERE name = ?`).get(n.tallyName);
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS ${n.fts} USING fts5(title, tags, description, body,
      content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
    CREATE TABLE IF NOT EXISTS ${n.facts}(doc INTEGER PRIMARY KEY, id TEXT NOT NULL, listed_from TEXT NOT NULL, public INTEGER NOT NULL,
      language TEXT NOT NULL, updated_at TEXT NOT NULL, title_key TEXT NOT NULL);
    DROP INDEX IF EXISTS ${n.indexes.oldUpdated};
    DROP INDEX IF EXISTS ${n.indexes.oldTitle};
    CREATE INDEX IF NOT EXISTS ${n.indexes.updated} ON ${n.facts}(updated_at DESC, id, language, listed_from, public);
    CREATE INDEX IF NOT EXISTS ${n.indexes.title} ON ${n.facts}(title_key, id, language, listed_from, public);
    CREATE INDEX IF NOT EXISTS ${n.indexes.scheduled} ON ${n.facts}(listed_from);
    CREATE TABLE IF NOT EXISTS ${n.audience}(principal TEXT NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (principal, doc)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS ${n.indexes.audienceDoc} ON ${n.audience}(doc);
    CREATE TABLE IF NOT EXISTS ${n.terms}(term TEXT PRIMARY KEY, docs INTEGER NOT NULL, tail TEXT GENERATED ALWAYS AS (substr(term, 2)) VIRTUAL) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS ${n.indexes.termTail} ON ${n.terms}(tail);
    CREATE TABLE IF NOT EXISTS ${n.tally}(term TEXT NOT NULL, language TEXT NOT NULL, docs INTEGER NOT NULL, PRIMARY KEY (term, language)) WITHOUT ROWID;
    CREATE TRIGGER IF NOT EXISTS ${n.triggers[0]} AFTER INSERT ON ${n.base} WHEN ${listed('new')} BEGIN
      ${rows.addText} ${rows.addFacts}
    END;
    CREATE TRIGGER IF NOT EXISTS ${n.triggers[1]} AFTER DELETE ON ${n.base} WHEN ${listed('old')} BEGIN
      ${rows.removeText} ${rows.removeFacts}
    END;
    CREATE TRIGGER IF NOT EXISTS ${n.triggers[2]} AFTER UPDATE ON ${n.base}
      WHEN ${listed('old')} IS NOT ${listed('new')} OR (${listed('new')} AND (${textChanged})) BEGIN
      ${rows.removeText} ${rows.addText}
    END;
    CREATE TRIGGER IF NOT EXISTS ${n.triggers[3]} AFTER UPDATE ON ${n.base} WHEN ${listed('old')} OR ${listed('new')} BEGIN
      ${rows.removeFacts} ${rows.addFacts}
    END;
    CREATE TRIGGER IF NOT EXISTS ${n.triggers[4]} AFTER INSERT ON ${n.base} WHEN ${tallied('new')} IS NOT NULL BEGIN
      ${rows.addTally}
    END;
    CREATE TRIGGER IF NOT EXISTS ${n.triggers[5]} AFTER DELETE ON ${n.base} WHEN ${tallied('old')} IS NOT NULL BEGIN
      ${rows.removeTally}
    END;
    CREATE TRIGGER IF NOT EXISTS ${n.triggers[6]} AFTER UPDATE ON ${n.base}
      WHEN ${tallied('old')} IS NOT ${tallied('new')} OR (${tallied('new')} IS NOT NULL AND json_extract(old.doc, '$.terms') IS NOT json_extract(new.doc, '$.terms')) BEGIN
      ${rows.removeTally} ${rows.addTally}
    END;
  `);
  const backfill = rowStatements(table, 'r', n.base);
  // An index attached before the tally existed gets its tally here, from the rows (once).
  if (!tallyExisted) db.exec(backfill.addTally);
  if (existed) return;
  db.exec(`${backfill.addText} ${backfill.addFacts}`);
}

/** Removes what `installSqliteSearch` attached (the base table's triggers go with it, or here). */
export function uninstallSqliteSearch(db: Db, table: string): void {
  const n = names(table);
  for (const trigger of n.triggers) db.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
  for (const attached of [n.fts, n.facts, n.audience, n.terms, n.tally]) db.exec(`DROP TABLE IF EXISTS ${attached}`);
}

/** An FTS5 phrase built from a word we quote ourselves: nothing typed reaches the MATCH syntax. */
const phrase = (word: string, prefix = false) => `"${word.replace(/"/g, '""')}"${prefix ? '*' : ''}`;

function matchExpression(groups: WordGroup[], operator: 'AND' | 'OR'): string {
  return groups.map((g) => `(${[phrase(g.word, g.prefix), ...g.alternatives.map((a) => phrase(a))].join(' OR ')})`).join(` ${operator} `);
}

const HIGHEST = String.fromCodePoint(0x10ffff);

/**
 * The SearchIndex on SQLite FTS5 (embedded default): bm25 with the title weighted above the body,
 * prefix on the last word, accents folded, close words of the vocabulary for misspellings, the
 * visibility and language filters in SQL. `table` names the collection's physical table now serving
 * reads (a function when a rebuild may switch it).
 */
export class SqliteSearchIndex implements SearchIndex {
  readonly adapter = 'sqlite' as const;
  private readonly statements = new Map<string, Database.Statement>();
  private statementsTable: string | null = null;
  private readonly table: () => string;

  constructor(
    private readonly db: Db,
    table: string | (() => string),
  ) {
    this.table = typeof table === 'string' ? () => table : table;
  }

  async search(request: SearchRequest): Promise<SearchAnswer> {
    // One read transaction: the counts and the page describe the same state of the index.
    return this.db.transaction(() => this.answer(request))();
  }

  private answer(request: SearchRequest): SearchAnswer {
    const table = this.table();
    if (table !== this.statementsTable) {
      // A rebuild switched tables: the old table's statements are not needed any more.
      this.statements.clear();
      this.statementsTable = table;
    }
    const n = names(table);
    const words = queryWords(request.term);
    const sort = sortOf(request, words.length > 0);
    const params: Record<string, unknown> = {
      now: request.viewer.now,
      principals: JSON.stringify(principalsOf(request.viewer)),
      language: request.languageId ?? null,
    };
    const visible = `f.listed_from <= @now AND (f.public = 1 OR f.doc IN (SELECT doc FROM ${n.audience} WHERE principal IN (SELECT value FROM json_each(@principals))))`;
    const inLanguage = `(@language IS NULL OR f.language = @language)`;
    const order = sort === 'TITRE' ? 'f.title_key, f.id' : 'f.updated_at DESC, f.id';
    const offset = request.page * request.pageSize;

    let source = `FROM ${n.facts} f WHERE ${visible}`;
    let groups: WordGroup[] = [];
    // Every word must match; when no speach has them all, any of them will do.
    let operator: 'AND' | 'OR' = 'AND';
    let counts: Map<string, number>;
    if (words.length) {
      const budget = correctionBudget();
      const expanded = words.map((word) => this.expand(n.terms, word, budget));
      // A word the vocabulary has nothing for (nor a close word): no speach has every word, and it adds
      // nothing to the any-word matches or their bm25, so those are searched without it.
      const known = expanded.filter((e) => e.words.length > 0);
      if (known.length < expanded.length) operator = 'OR';
      const searched = known.length ? known : expanded.slice(0, 1);
      // A word that stands for one vocabulary word is matched as that word: the same matches and bm25 as
      // its prefix, without FTS5 merging a prefix's doclists (3.5 times the cost on 100k speaches).
      groups = searched.map(({ group, words: vocabulary }) =>
        vocabulary.length === 1 ? { word: vocabulary[0].term, prefix: false, alternatives: [] } : group,
      );
      source = `FROM ${n.fts} JOIN ${n.facts} f ON f.doc = ${n.fts}.rowid WHERE ${n.fts} MATCH @match AND ${visible}`;
      params.match = matchExpression(groups, operator);
      counts = searched.length === 1 && searched[0].words.length ? this.grouped(n, source, searched[0].words, params) : this.walked(source, params);
    } else counts = this.tallied(n, EVERY_DOCUMENT, params);
    if (!counts.size && operator === 'AND' && groups.length > 1) {
      params.match = matchExpression(groups, 'OR');
      counts = this.walked(source, params);
    }
    const total = request.languageId ? (counts.get(request.languageId) ?? 0) : [...counts.values()].reduce((sum, c) => sum + c, 0);
    const languages = [...counts.keys()].sort();
    const answer = (ids: { id: string }[]) => ({ ids: ids.map((r) => r.id), total, availableLanguages: languages });
    const page = { ...params, limit: request.pageSize, offset };
    if (!words.length) return answer(this.all(`SELECT f.id AS id ${source} AND ${inLanguage} ORDER BY ${order} LIMIT @limit OFFSET @offset`, page));
    if (!total) return answer([]);
    const matches = `${source} AND ${inLanguage}`;
    if (sort !== 'RELEVANT') {
      if (total <= WALK_FROM) return answer(this.all(`SELECT f.id AS id ${matches} ORDER BY ${order} LIMIT @limit OFFSET @offset`, page));
      // Many matches: the facts in the page's order (a covering index) against the set of matching rows.
      const walk = `SELECT f.id AS id FROM ${n.facts} AS f INDEXED BY ${sort === 'TITRE' ? n.indexes.title : n.indexes.updated}
        WHERE ${visible} AND ${inLanguage} AND +f.doc IN (SELECT rowid FROM ${n.fts} WHERE ${n.fts} MATCH @match) ORDER BY ${order} LIMIT @limit OFFSET @offset`;
      return answer(this.all(walk, page));
    }
    const weights = [SEARCH_FIELD_WEIGHTS.title, SEARCH_FIELD_WEIGHTS.tags, SEARCH_FIELD_WEIGHTS.description, SEARCH_FIELD_WEIGHTS.body].join(', ');
    // The newest RANKING_WINDOW matches (read newest first: cheap in FTS5, where a lower bound on the rowid is not) ranked by bm25.
    const ranked = `SELECT id FROM (SELECT f.id AS id, f.updated_at AS updated, bm25(${n.fts}, ${weights}) AS score ${matches}
      ORDER BY ${n.fts}.rowid DESC LIMIT @window) ORDER BY score, updated DESC, id LIMIT @limit OFFSET @offset`;
    const ids: { id: string }[] = [];
    if (offset < RANKING_WINDOW)
      ids.push(...this.all<{ id: string }>(ranked, { ...page, window: RANKING_WINDOW, limit: Math.min(request.pageSize, RANKING_WINDOW - offset) }));
    const rest = request.pageSize - ids.length;
    // Past the window, the older matches follow, newest first.
    if (rest > 0 && total > RANKING_WINDOW)
      ids.push(
        ...this.all<{ id: string }>(`SELECT f.id AS id ${matches} ORDER BY ${n.fts}.rowid DESC LIMIT @limit OFFSET @offset`, {
          ...params,
          limit: rest,
          offset: RANKING_WINDOW + Math.max(0, offset - RANKING_WINDOW),
        }),
      );
    return answer(ids);
  }

  /** The word and, when the index has few documents with it, the vocabulary's close words; the vocabulary words they stand for. */
  private expand(terms: string, word: QueryWord, budget: CorrectionBudget): { group: WordGroup; words: VocabularyEntry[] } {
    const own = word.prefix
      ? this.all<VocabularyEntry>(`SELECT term, docs FROM ${terms} WHERE term >= @from AND term < @to`, { from: word.word, to: word.word + HIGHEST })
      : this.all<VocabularyEntry>(`SELECT term, docs FROM ${terms} WHERE term = @term`, { term: word.word });
    const hits = own.reduce((sum, t) => sum + t.docs, 0);
    if (!spendCorrection(word, hits, budget)) return { group: { ...word, alternatives: [] }, words: own };
    const vocabulary = typoRanges(word.word).flatMap(({ on, letter, next, minLength, maxLength }) =>
      this.all<VocabularyEntry>(`SELECT term, docs FROM ${terms} WHERE ${on} >= @letter AND ${on} < @next AND length(term) BETWEEN @minLength AND @maxLength`, {
        letter,
        next,
        minLength,
        maxLength,
      }),
    );
    const alternatives = closeWords(word, vocabulary);
    const docs = new Map(vocabulary.map((v) => [v.term, v.docs]));
    return { group: { ...word, alternatives }, words: [...own, ...alternatives.map((term) => ({ term, docs: docs.get(term) ?? 0 }))] };
  }

  /**
   * The viewer's matches per language for one query word standing for these vocabulary words: the
   * most frequent one's from the tally, the others' (those without it) by walking them: linear in the
   * less frequent words' speaches only (a short prefix of several common words still walks many).
   */
  private grouped(n: ReturnType<typeof names>, source: string, words: VocabularyEntry[], params: Record<string, unknown>): Map<string, number> {
    const [main, ...others] = [...words].sort((a, b) => b.docs - a.docs);
    const counts = this.tallied(n, main.term, { ...params, match: phrase(main.term) });
    if (!others.length) return counts;
    const rest = this.walked(source, { ...params, match: `(${others.map((w) => phrase(w.term)).join(' OR ')}) NOT ${phrase(main.term)}` });
    for (const [language, count] of rest) counts.set(language, (counts.get(language) ?? 0) + count);
    return counts;
  }

  /**
   * The viewer's matches per language when every match has `term` (or no term: every document), from
   * the tally of listed public documents: less the public ones not live yet, plus the restricted ones
   * assigned to the viewer. Those two sets are small (scheduled publications, one viewer's
   * assignments): each of their rows is tested against the match alone when they are few.
   */
  private tallied(n: ReturnType<typeof names>, term: string, params: Record<string, unknown>): Map<string, number> {
    const assigned = `SELECT doc FROM ${n.audience} WHERE principal IN (SELECT value FROM json_each(@principals))`;
    let matching = '1';
    if (term !== EVERY_DOCUMENT) {
      const { rows } = this.all<{ rows: number }>(
        `SELECT (SELECT count(*) FROM ${n.facts} WHERE listed_from > @now) + (SELECT count(*) FROM ${n.audience} WHERE principal IN (SELECT value FROM json_each(@principals))) AS rows`,
        params,
      )[0];
      // A test per row opens the full-text index each time (about 25 µs): past a few dozen rows, one set of the matches is cheaper.
      matching =
        rows <= 40
          ? `EXISTS (SELECT 1 FROM ${n.fts} WHERE ${n.fts} MATCH @match AND ${n.fts}.rowid = f.doc)`
          : `f.doc IN (SELECT rowid FROM ${n.fts} WHERE ${n.fts} MATCH @match)`;
    }
    const sql = `SELECT language, sum(n) AS n FROM (
        SELECT language, docs AS n FROM ${n.tally} WHERE term = @term
        UNION ALL SELECT f.language, -1 FROM ${n.facts} f WHERE f.listed_from > @now AND f.public = 1 AND ${matching}
        UNION ALL SELECT f.language, 1 FROM ${n.facts} f WHERE f.doc IN (${assigned}) AND f.public = 0 AND f.listed_from <= @now AND ${matching}
      ) GROUP BY language HAVING sum(n) > 0`;
    return new Map(this.all<{ language: string; n: number }>(sql, { ...params, term }).map((r) => [r.language, r.n]));
  }

  /** The viewer's matches per language, counted by walking every match (several words, a prefix of several words). */
  private walked(source: string, params: Record<string, unknown>): Map<string, number> {
    return new Map(
      this.all<{ language: string; n: number }>(`SELECT f.language AS language, count(*) AS n ${source} GROUP BY f.language`, params).map((r) => [
        r.language,
        r.n,
      ]),
    );
  }

  private all<T>(sql: string, params: Record<string, unknown>): T[] {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement.all(params) as T[];
  }
}

/** What `attachSqliteSearch` needs of the SQLite read store (structural: the store is built elsewhere). */
export interface SqliteSearchHost {
  readonly database: Db;
  tableOf(collection: string): string;
  onTableCreated(collection: string, install: (db: Db, table: string) => void): void;
  onTableDropped(collection: string, drop: (db: Db, table: string) => void): void;
}

/** Search over the SQLite read store's `speach_search` tables, following its rebuilds' table switches. */
export function attachSqliteSearch(store: SqliteSearchHost, collection = SPEACH_SEARCH): SqliteSearchIndex {
  store.onTableCreated(collection, installSqliteSearch);
  store.onTableDropped(collection, uninstallSqliteSearch);
  return new SqliteSearchIndex(store.database, () => store.tableOf(collection));
}
