import type Database from 'better-sqlite3';
import { SPEACH_SEARCH } from '../../../projections/speach-search.projection';
import { SEARCH_FIELD_WEIGHTS, type SearchAnswer, type SearchIndex, type SearchRequest, principalsOf, sortOf } from './search-index.port';
import { type CorrectionBudget, type QueryWord, type WordGroup, closeWords, correctionBudget, queryWords, spendCorrection, typoRanges } from './search-text';

type Db = Database.Database;

/**
 * A relevance ranking costs bm25 for every match: beyond this many matches (a very common word, a
 * short prefix) only the newest this many are ranked and the others follow, newest first. A common
 * word then costs about what a rare one does.
 */
export const RANKING_WINDOW = 1000;

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
    triggers: ['insert', 'delete', 'update_text', 'update_facts'].map((t) => quote(`${table}_search_${t}`)),
    indexes: {
      updated: quote(`${table}_facts_updated`),
      title: quote(`${table}_facts_title`),
      audienceDoc: quote(`${table}_audience_doc`),
      termTail: quote(`${table}_terms_tail`),
    },
  };
}

const listed = (row: string) => `coalesce(json_extract(${row}.doc, '$.listed'), 0)`;

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
  };
}

/**
 * Attaches full-text search to a collection's table (the shared SQLite layout: `_id`, `doc` JSON,
 * ordinary rowids): an FTS5 index of the listed documents' text (contentless: the text stays in
 * `doc`), their filter and sort facts, their audience and the vocabulary with document counts. The
 * triggers keep all four in step inside the transactions that write the table, so the index is as
 * exactly-once as the projection's checkpoint. Rows already in the table are indexed here.
 */
export function installSqliteSearch(db: Db, table: string): void {
  const n = names(table);
  const existed = !!db.prepare(`SELECT 1 FROM sqlite_master WHERE name = ?`).get(n.ftsName);
  const rows = rowStatements(table);
  const textChanged = ['title', 'tags', 'description', 'body']
    .map((f) => `json_extract(old.doc, '$.${f}') IS NOT json_extract(new.doc, '$.${f}')`)
    .join(' OR ');
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS ${n.fts} USING fts5(title, tags, description, body,
      content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
    CREATE TABLE IF NOT EXISTS ${n.facts}(doc INTEGER PRIMARY KEY, id TEXT NOT NULL, listed_from TEXT NOT NULL, public INTEGER NOT NULL,
      language TEXT NOT NULL, updated_at TEXT NOT NULL, title_key TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS ${n.indexes.updated} ON ${n.facts}(updated_at DESC, id);
    CREATE INDEX IF NOT EXISTS ${n.indexes.title} ON ${n.facts}(title_key, id);
    CREATE TABLE IF NOT EXISTS ${n.audience}(principal TEXT NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (principal, doc)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS ${n.indexes.audienceDoc} ON ${n.audience}(doc);
    CREATE TABLE IF NOT EXISTS ${n.terms}(term TEXT PRIMARY KEY, docs INTEGER NOT NULL, tail TEXT GENERATED ALWAYS AS (substr(term, 2)) VIRTUAL) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS ${n.indexes.termTail} ON ${n.terms}(tail);
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
  `);
  if (existed) return;
  const backfill = rowStatements(table, 'r', n.base);
  db.exec(`${backfill.addText} ${backfill.addFacts}`);
}

/** Removes what `installSqliteSearch` attached (the base table's triggers go with it, or here). */
export function uninstallSqliteSearch(db: Db, table: string): void {
  const n = names(table);
  for (const trigger of n.triggers) db.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
  for (const attached of [n.fts, n.facts, n.audience, n.terms]) db.exec(`DROP TABLE IF EXISTS ${attached}`);
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
    if (words.length) {
      const budget = correctionBudget();
      groups = words.map((word) => this.expand(n.terms, word, budget));
      source = `FROM ${n.fts} JOIN ${n.facts} f ON f.doc = ${n.fts}.rowid WHERE ${n.fts} MATCH @match AND ${visible}`;
      // Every word must match; when no speach has them all, any of them will do.
      params.match = matchExpression(groups, 'AND');
    }
    let stats = this.stats(source, params);
    if (!stats.matches && groups.length > 1) {
      params.match = matchExpression(groups, 'OR');
      stats = this.stats(source, params);
    }
    const total = request.languageId ? stats.inLanguage : stats.matches;
    const languages = (JSON.parse(stats.languages) as string[]).sort();
    const answer = (ids: { id: string }[]) => ({ ids: ids.map((r) => r.id), total, availableLanguages: languages });
    const matches = `${source} AND ${inLanguage}`;
    if (sort !== 'RELEVANT' || !words.length)
      return answer(this.all(`SELECT f.id AS id ${matches} ORDER BY ${order} LIMIT @limit OFFSET @offset`, { ...params, limit: request.pageSize, offset }));
    const weights = [SEARCH_FIELD_WEIGHTS.title, SEARCH_FIELD_WEIGHTS.tags, SEARCH_FIELD_WEIGHTS.description, SEARCH_FIELD_WEIGHTS.body].join(', ');
    const ranked = `SELECT f.id AS id ${matches} AND ${n.fts}.rowid >= @floor ORDER BY bm25(${n.fts}, ${weights}), f.updated_at DESC, f.id LIMIT @limit OFFSET @offset`;
    if (total <= RANKING_WINDOW) return answer(this.all(ranked, { ...params, floor: 0, limit: request.pageSize, offset }));
    const floor = this.all<{ doc: number }>(`SELECT ${n.fts}.rowid AS doc ${matches} ORDER BY ${n.fts}.rowid DESC LIMIT 1 OFFSET @window`, {
      ...params,
      window: RANKING_WINDOW - 1,
    })[0].doc;
    const ids: { id: string }[] = [];
    if (offset < RANKING_WINDOW)
      ids.push(...this.all<{ id: string }>(ranked, { ...params, floor, limit: Math.min(request.pageSize, RANKING_WINDOW - offset), offset }));
    const rest = request.pageSize - ids.length;
    if (rest > 0) {
      ids.push(
        ...this.all<{ id: string }>(`SELECT f.id AS id ${matches} AND ${n.fts}.rowid < @floor ORDER BY ${n.fts}.rowid DESC LIMIT @limit OFFSET @offset`, {
          ...params,
          floor,
          limit: rest,
          offset: Math.max(0, offset - RANKING_WINDOW),
        }),
      );
    }
    return answer(ids);
  }

  /** The word and, when the index has few documents with it, the vocabulary's close words. */
  private expand(terms: string, word: QueryWord, budget: CorrectionBudget): WordGroup {
    const hits = word.prefix
      ? this.all<{ n: number }>(`SELECT coalesce(sum(docs), 0) AS n FROM ${terms} WHERE term >= @from AND term < @to`, {
          from: word.word,
          to: word.word + HIGHEST,
        })[0].n
      : (this.all<{ n: number }>(`SELECT docs AS n FROM ${terms} WHERE term = @term`, { term: word.word })[0]?.n ?? 0);
    if (!spendCorrection(word, hits, budget)) return { ...word, alternatives: [] };
    const vocabulary = typoRanges(word.word).flatMap(({ on, letter, next, minLength, maxLength }) =>
      this.all<{ term: string; docs: number }>(
        `SELECT term, docs FROM ${terms} WHERE ${on} >= @letter AND ${on} < @next AND length(term) BETWEEN @minLength AND @maxLength`,
        {
          letter,
          next,
          minLength,
          maxLength,
        },
      ),
    );
    return { ...word, alternatives: closeWords(word, vocabulary) };
  }

  /** How many matches, how many in the language asked for, and their languages: one pass over the matches, no sort. */
  private stats(source: string, params: Record<string, unknown>): { matches: number; inLanguage: number; languages: string } {
    const sql = `SELECT count(*) AS matches, count(*) FILTER (WHERE f.language = @language) AS inLanguage, json_group_array(DISTINCT f.language) AS languages ${source}`;
    return this.all<{ matches: number; inLanguage: number; languages: string }>(sql, params)[0];
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
