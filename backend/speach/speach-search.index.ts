import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import MiniSearch from 'minisearch';
import type { ProjectionRunner } from '../../projections/projection-runner';
import { SPEACHES, type SpeachDocument, normaliseKey } from '../../projections/speaches.projection';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { PROJECTION_RUNNER, READ_STORE } from '../infrastructure/tokens';

interface Indexed {
  id: string;
  title: string;
  description: string;
  tags: string;
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
 * Full-text index of speach titles, descriptions and tags (MiniSearch, in process). It follows the
 * `speaches` read model through the projection runner's commit hook, so it is as fresh as the read
 * model and rebuilt with it; at boot it loads what a persistent read store already holds.
 */
@Injectable()
export class SpeachSearchIndex implements OnModuleInit {
  private index = SpeachSearchIndex.create();
  private readonly texts = new Map<string, string>();
  private readonly facts = new Map<string, SearchFacts>();

  constructor(
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  private static create() {
    return new MiniSearch<Indexed>({
      fields: ['title', 'description', 'tags'],
      processTerm: (term) => normaliseKey(term),
      searchOptions: { boost: { title: 3, tags: 2 }, prefix: true, fuzzy: 0.2 },
    });
  }

  async onModuleInit(): Promise<void> {
    this.runner.onCommitted((collection, writes) => {
      if (collection !== SPEACHES) return;
      if (writes === 'cleared') {
        this.index = SpeachSearchIndex.create();
        this.texts.clear();
        this.facts.clear();
        return;
      }
      for (const [id, doc] of writes) this.put(id, doc as SpeachDocument | null);
    });
    for (const doc of await this.store.collection<SpeachDocument>(SPEACHES).find({})) this.put(doc._id, doc);
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
    const text = doc ? `${doc.title}\u0000${doc.description}\u0000${doc.tags}` : null;
    const previous = this.texts.get(id);
    if (previous === text) return; // most writes (reads, pins) leave the text alone
    if (previous !== undefined) this.index.discard(id);
    if (doc && text !== null) {
      this.index.add({ id, title: doc.title, description: doc.description, tags: doc.tags });
      this.texts.set(id, text);
    } else this.texts.delete(id);
  }

  /** Ids matching the term, best first, with their relevance score. */
  search(term: string): { id: string; score: number }[] {
    return this.index.search(term).map((r) => ({ id: r.id as string, score: r.score }));
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
