import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import MiniSearch from 'minisearch';
import type { ProjectionRunner } from '../../projections/projection-runner';
import { type ChapterNode, SPEACHES, SPEACH_VERSIONS, type SpeachDocument, type SpeachVersionDocument, normaliseKey } from '../../projections/speaches.projection';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { PROJECTION_RUNNER, READ_STORE } from '../infrastructure/tokens';

interface Indexed {
  id: string;
  title: string;
  description: string;
  tags: string;
  chapters: string;
}

/** Longest term searched: a longer one (a pasted page) is cut here rather than refused, so typing never breaks. */
export const SEARCH_TERM_MAX = 200;

/** Readable text of a chapter: its title and what a reader sees of its content (HTML without tags, questions, answers). */
export function chapterText(node: ChapterNode): string {
  const content = node.content as unknown as Record<string, unknown>;
  const parts: string[] = [node.title];
  if (typeof content.html === 'string') parts.push(content.html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' '));
  for (const key of ['message', 'question'] as const) if (typeof content[key] === 'string') parts.push(content[key] as string);
  if (Array.isArray(content.questions)) {
    for (const q of content.questions as { text?: unknown; options?: { text?: unknown }[] }[]) {
      if (typeof q.text === 'string') parts.push(q.text);
      for (const o of q.options ?? []) if (typeof o.text === 'string') parts.push(o.text);
    }
  }
  return parts.join(' ');
}

/** What search filters and sorts on, kept beside the index so a query never scans the read store. */
export interface SearchFacts {
  id: string;
  listedFrom: string | null;
  visibility: string;
  affectedUserIds: string[];
  affectedGroupIds: string[];
  language: string;
  updatedAt: string;
  titleKey: string;
}

/**
 * Full-text index of speach titles, descriptions, tags and chapter text (MiniSearch, in process,
 * prefix and fuzzy matching). Chapter text is the latest published version's (readers never search a
 * draft). It follows the `speaches` and `speach_versions` read models through the projection
 * runner's commit hook, so it is as fresh as them and rebuilt with them; at boot it loads what a
 * persistent read store already holds.
 */
@Injectable()
export class SpeachSearchIndex implements OnModuleInit {
  private index = SpeachSearchIndex.create();
  private readonly texts = new Map<string, string>();
  private readonly facts = new Map<string, SearchFacts>();
  /** Per speach: the last indexed fields (without chapters) and its latest published version's chapter text. */
  private readonly fields = new Map<string, Omit<Indexed, 'chapters'>>();
  private readonly chapterTexts = new Map<string, { version: number; text: string }>();

  constructor(
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  private static create() {
    return new MiniSearch<Indexed>({
      fields: ['title', 'description', 'tags', 'chapters'],
      // Words are runs of letters and digits: symbols such as < > $ + | never glue onto a word.
      tokenize: (text) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean),
      processTerm: (term) => normaliseKey(term),
      searchOptions: { boost: { title: 3, tags: 2, description: 1.5 }, prefix: true, fuzzy: 0.2 },
    });
  }

  async onModuleInit(): Promise<void> {
    this.runner.onCommitted((collection, writes) => {
      if (collection === SPEACH_VERSIONS) {
        if (writes === 'cleared') this.chapterTexts.clear();
        else for (const doc of writes.values()) if (doc) this.putVersion(doc as SpeachVersionDocument);
        return;
      }
      if (collection !== SPEACHES) return;
      if (writes === 'cleared') {
        this.index = SpeachSearchIndex.create();
        this.texts.clear();
        this.facts.clear();
        this.fields.clear();
        return;
      }
      for (const [id, doc] of writes) this.put(id, doc as SpeachDocument | null);
    });
    for (const doc of await this.store.collection<SpeachVersionDocument>(SPEACH_VERSIONS).find({})) this.putVersion(doc);
    for (const doc of await this.store.collection<SpeachDocument>(SPEACHES).find({})) this.put(doc._id, doc);
  }

  private putVersion(doc: SpeachVersionDocument): void {
    const known = this.chapterTexts.get(doc.speachId);
    if (known && known.version > doc.version) return;
    this.chapterTexts.set(doc.speachId, { version: doc.version, text: doc.chapters.map(chapterText).join('\n') });
    const fields = this.fields.get(doc.speachId);
    if (fields) this.reindex(doc.speachId, fields);
  }

  private put(id: string, doc: SpeachDocument | null): void {
    if (doc && !doc.archived && !doc.isTemplate && doc.published && doc.liveFrom) {
      this.facts.set(id, {
        id,
        listedFrom: doc.liveFrom,
        visibility: doc.visibility,
        affectedUserIds: doc.affectedUserIds,
        affectedGroupIds: doc.affectedGroupIds,
        language: doc.language,
        updatedAt: doc.updatedAt,
        titleKey: doc.titleKey,
      });
    } else this.facts.delete(id);
    if (doc) {
      const fields = { id, title: doc.title, description: doc.description, tags: doc.tags };
      this.fields.set(id, fields);
      this.reindex(id, fields);
    } else {
      this.fields.delete(id);
      this.chapterTexts.delete(id);
      this.reindex(id, null);
    }
  }

  private reindex(id: string, fields: Omit<Indexed, 'chapters'> | null): void {
    const chapters = this.chapterTexts.get(id)?.text ?? '';
    const text = fields ? `${fields.title}\u0000${fields.description}\u0000${fields.tags}\u0000${chapters}` : null;
    const previous = this.texts.get(id);
    if (previous === text) return; // most writes (reads, pins) leave the text alone
    if (previous !== undefined) this.index.discard(id);
    if (fields && text !== null) {
      this.index.add({ ...fields, chapters });
      this.texts.set(id, text);
    } else this.texts.delete(id);
  }

  /** Ids matching the term, best first, with their relevance score. */
  search(term: string): { id: string; score: number }[] {
    // Markup typed or pasted into the field is not part of what the reader looks for.
    const words = term.slice(0, SEARCH_TERM_MAX).replace(/<[^>]*>/g, ' ');
    return this.index.search(words).map((r) => ({ id: r.id as string, score: r.score }));
  }

  /** Published speaches readers may find (public, or restricted to them), live at `now`. */
  listed(viewer: { userId: string; groupIds: string[]; now: string }, ids?: Iterable<string>): SearchFacts[] {
    const out: SearchFacts[] = [];
    const candidates = ids ? [...ids].map((id) => this.facts.get(id)).filter((f): f is SearchFacts => !!f) : this.facts.values();
    for (const f of candidates) {
      if (f.listedFrom === null || f.listedFrom > viewer.now) continue;
      if (f.visibility === 'PUBLIC' || (f.visibility === 'RESTREINT' && (f.affectedUserIds.includes(viewer.userId) || f.affectedGroupIds.some((g) => viewer.groupIds.includes(g))))) out.push(f);
    }
    return out;
  }

  get size(): number {
    return this.texts.size;
  }
}
