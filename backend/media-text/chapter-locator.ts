import { Inject, Injectable } from '@nestjs/common';
import type { ChapterContent } from '../../events';
import { AI_CHAPTERS, type AiChapterDocument } from '../../projections/ai.projection';
import type { Actor } from '../infrastructure/http/actor';
import { ForbiddenError, NotFoundError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { SpeachAccess, SpeachQueries, type SpeachDocument, type Viewer, isEditor } from '../speach';

export interface LocatedChapter {
  doc: SpeachDocument;
  chapterId: string;
  content: ChapterContent;
  viewer: Viewer;
}

/** A chapter id names its speach through the chapters read model; the speach's rules then say who may do what. */
@Injectable()
export class ChapterLocator {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly speaches: SpeachQueries,
    private readonly access: SpeachAccess,
  ) {}

  /** The chapter without any access check: for a caller that holds a token SpeachAccess granted. */
  async locate(chapterId: string): Promise<Omit<LocatedChapter, 'viewer'>> {
    const found = await this.store.collection<AiChapterDocument>(AI_CHAPTERS).findById(chapterId);
    if (!found) throw new NotFoundError('Unknown chapter');
    const doc = await this.speaches.document(found.speachId);
    const chapter = doc.draft.chapters[chapterId];
    if (!chapter) throw new NotFoundError('Unknown chapter');
    return { doc, chapterId, content: chapter.content ?? { type: 'NONE' } };
  }

  private async find(user: Actor, chapterId: string): Promise<LocatedChapter> {
    return { ...(await this.locate(chapterId)), viewer: await this.speaches.viewer(user) };
  }

  /** For reading: whoever SpeachAccess lets read the speach (404 to those who may not see it). */
  async readable(user: Actor, chapterId: string, accessCode?: string): Promise<LocatedChapter> {
    const located = await this.find(user, chapterId);
    await this.access.assertCanRead(located.viewer, located.doc, accessCode);
    return located;
  }

  /** For changing: the speach's editors only. */
  async editable(user: Actor, chapterId: string): Promise<LocatedChapter> {
    const located = await this.find(user, chapterId);
    if (!isEditor(located.doc, located.viewer)) throw new ForbiddenError('Only the editors of this speach may change its chapters.');
    return located;
  }
}
