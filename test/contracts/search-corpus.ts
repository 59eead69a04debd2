import type { RecordedEvent } from '../../events';
import { MemoryReadStore } from '../../backend/infrastructure/read-store/memory-read-store';
import { SPEACH_SEARCH, type SpeachSearchDocument, speachSearchProjection } from '../../projections/speach-search.projection';
import { UnitOfWork } from '../../projections/unit-of-work';

/** A minute after the corpus's origin: event times, so RECENT order is known. */
export const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString();
export const NOW = at(600);
export const FAR_FUTURE = '2099-01-01T00:00:00.000Z';

/**
 * Speach events folded by the real `speach-search` projection: the documents every adapter indexes.
 * Each speach is a small script of events; `documents()` answers what the projection wrote.
 */
export class SearchCorpus {
  private readonly store = new MemoryReadStore();
  private position = 0;
  private minute = 0;
  private readonly revisions = new Map<string, number>();

  async apply(speachId: string, type: string, data: Record<string, unknown> = {}, time?: string): Promise<void> {
    const revision = this.revisions.get(speachId) ?? 0;
    this.revisions.set(speachId, revision + 1);
    const event: RecordedEvent = {
      id: `e${++this.position}`,
      type,
      data: { speachId, ...data },
      schemaVersion: 1,
      metadata: { userId: 'author', correlationId: 'c', causationId: 'c' },
      time: time ?? at(++this.minute),
      streamId: `speach-${speachId}`,
      revision,
      position: this.position,
    };
    const work = new UnitOfWork(this.store);
    work.applying(event);
    await speachSearchProjection.handlers[type]?.(event, work);
    await work.commit();
  }

  /** A speach with one HTML chapter holding `html`, as an author makes it. */
  async speach(
    id: string,
    title: string,
    html: string,
    options: { language?: string; description?: string; tags?: string; isTemplate?: boolean } = {},
  ): Promise<void> {
    await this.apply(id, 'SpeachCreated', {
      authorId: 'author',
      title,
      description: options.description ?? '',
      language: options.language ?? 'en-US',
      categoryId: null,
      isTemplate: options.isTemplate ?? false,
      templateId: null,
      duplicatedFrom: null,
      chapters: [],
    });
    if (options.tags) await this.apply(id, 'SpeachDetailsChanged', { tags: options.tags });
    await this.apply(id, 'ChapterAdded', { chapterId: `${id}-c1`, parentId: null, title: 'Part one', position: 0 });
    await this.apply(id, 'ChapterContentSet', { chapterId: `${id}-c1`, content: { type: 'HTML', html } });
  }

  async publish(id: string, version = 1, scheduledFor: string | null = null): Promise<void> {
    await this.apply(id, 'SpeachPublished', { version, scheduledFor });
  }

  async documents(): Promise<SpeachSearchDocument[]> {
    return this.store.collection<SpeachSearchDocument>(SPEACH_SEARCH).find({});
  }
}
