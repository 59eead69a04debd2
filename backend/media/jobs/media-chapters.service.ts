import { Inject, Injectable } from '@nestjs/common';
import type { ChapterContent } from '../../../events';
import { MEDIA_CHAPTERS, type MediaChapterDocument } from '../../../projections/media.projection';
import type { Actor } from '../../infrastructure/http/actor';
import { ForbiddenError, NotFoundError } from '../../infrastructure/decider/decider';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { type ChapterNode, type SpeachDocument, SpeachAccess, SpeachQueries, isEditor, liveVersion, readingOrder } from '../../speach';

export type MediaChapter = { doc: SpeachDocument; node: ChapterNode; content: ChapterContent };
export type FileContent = Extract<ChapterContent, { file: unknown }>;

/**
 * The chapter a media call names and whether the user may touch it: editors of the speach change its media (the
 * speach's own rule, `isEditor`), readers (SpeachAccess) read the live version's. Someone who may not read the
 * speach gets a 404, never a hint that the chapter exists.
 */
@Injectable()
export class MediaChapters {
  constructor(
    private readonly queries: SpeachQueries,
    private readonly access: SpeachAccess,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /** The speach a chapter id belongs to (404 when no speach has it). */
  private async speachOf(chapterId: string): Promise<SpeachDocument> {
    const found = /^[\w-]{1,64}$/.test(chapterId) ? await this.store.collection<MediaChapterDocument>(MEDIA_CHAPTERS).findById(chapterId) : null;
    if (!found) throw new NotFoundError('Unknown chapter');
    return this.queries.document(found.speachId);
  }

  /** A chapter the user may change: an editor of its speach, its draft's content. */
  async editable(user: Actor, chapterId: string): Promise<MediaChapter> {
    const doc = await this.speachOf(chapterId);
    const viewer = await this.queries.viewer(user);
    if (!isEditor(doc, viewer)) {
      // Someone who cannot even see the speach learns nothing about it.
      if (!(await this.access.canRead(viewer, doc))) throw new NotFoundError('Unknown chapter');
      throw new ForbiddenError('You may not edit this speach.');
    }
    const node = readingOrder(doc.draft).find((n) => n.chapterId === chapterId);
    if (!node) throw new NotFoundError('Unknown chapter');
    return { doc, node, content: node.content as ChapterContent };
  }

  /** A chapter the user may read (SpeachAccess): the draft's for an editor, the live version's for a reader. */
  async readable(user: Actor, chapterId: string, accessCode?: string): Promise<MediaChapter> {
    const found = await this.speachOf(chapterId);
    const viewer = await this.queries.viewer(user);
    const doc = await this.access.readable(found._id, viewer, accessCode);
    let nodes = isEditor(doc, viewer) ? readingOrder(doc.draft) : [];
    if (!isEditor(doc, viewer)) {
      const live = liveVersion(doc, viewer.now);
      nodes = live ? ((await this.queries.version(doc._id, live.version))?.chapters ?? []) : [];
    }
    const node = nodes.find((n) => n.chapterId === chapterId);
    if (!node) throw new NotFoundError('Unknown chapter');
    return { doc, node, content: node.content as ChapterContent };
  }
}
