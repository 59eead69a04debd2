import { type NewEvent, uuidv7 } from '../../events';
import type { EventStore } from '../../backend/infrastructure/event-store/event-store.port';
import { event } from './identity';

const LANGUAGES = ['en-US', 'fr-FR', 'es-ES', 'de-DE'];
const WORDS: Record<string, string[]> = {
  'en-US': ['safety', 'onboarding', 'sales', 'security', 'phishing', 'leadership', 'compliance', 'customer', 'product', 'quality', 'forklift', 'negotiation'],
  'fr-FR': ['sécurité', 'accueil', 'vente', 'qualité', 'client', 'conformité', 'management', 'produit', 'hygiène', 'formation'],
  'es-ES': ['seguridad', 'ventas', 'calidad', 'cliente', 'liderazgo', 'producto', 'formación', 'higiene'],
  'de-DE': ['sicherheit', 'vertrieb', 'qualität', 'kunde', 'führung', 'produkt', 'schulung', 'hygiene'],
};

export const DAY = 86_400_000;
/** The activity window: reads, ratings, comments and workflows happen over the last two years. */
export const WINDOW_DAYS = 730;
/** The catalogue is older: the first speaches were written a year before the window opens. */
const CATALOGUE_DAYS = 1095;

export interface GeneratedSpeach {
  speachId: string;
  authorId: string;
  language: string;
  chapterIds: string[];
  /** When SpeachCreated happened (epoch ms). */
  createdAt: number;
  /** Goes through the validation workflow (published, if ever, by the workflow generator). */
  workflow: boolean;
  /** Live for readers; set by the workflow generator for workflow speaches. */
  published: boolean;
  /** When SpeachPublished happened (epoch ms), null while unpublished. */
  publishedAt: number | null;
}

/**
 * Speaches in 4 languages with tags and 3 to 6 chapters, written over three years (the first ones
 * are the oldest, and the most read), by the authors given. 80 % are published; one in ten goes
 * through the validation workflow instead of a direct publication (see workflows.ts).
 */
export async function generateSpeaches(store: EventStore, count: number, authorIds: string[], now = Date.now()): Promise<GeneratedSpeach[]> {
  const ids: GeneratedSpeach[] = [];
  const start = now - CATALOGUE_DAYS * DAY;
  let pending: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const speachId = uuidv7();
    const language = LANGUAGES[i % LANGUAGES.length];
    const words = WORDS[language];
    const pick = (k: number) => words[(i * 7 + k * 13) % words.length];
    const authorId = authorIds[i % authorIds.length];
    // Spread over the catalogue's three years, the last ones a few days before now.
    const createdAt = start + Math.floor((i / count) * (CATALOGUE_DAYS - 3) * DAY) + ((i * 7919) % 3600) * 1000;
    let at = createdAt;
    const next = () => (at += 60_000 + ((i * 31) % 600) * 1000);
    const events: NewEvent[] = [
      event('SpeachCreated', { speachId, authorId, title: `${pick(0)} ${pick(1)} ${i}`, description: `A course about ${pick(2)} and ${pick(3)}.`, language, categoryId: null, isTemplate: false, templateId: null, duplicatedFrom: null, chapters: [] }, authorId, at),
      event('SpeachDetailsChanged', { speachId, tags: `${pick(1)} ${pick(4)}` }, authorId, next()),
    ];
    const chapterIds: string[] = [];
    for (let c = 0; c < 3 + (i % 4); c++) {
      const chapterId = uuidv7();
      chapterIds.push(chapterId);
      events.push(event('ChapterAdded', { speachId, chapterId, parentId: null, title: `Chapter ${c + 1}`, position: c }, authorId, next()));
      events.push(event('ChapterContentSet', { speachId, chapterId, content: { type: 'HTML', html: `<p>${pick(c)} ${pick(c + 1)}</p>` } }, authorId, next()));
    }
    const candidate = i % 5 !== 4;
    const workflow = candidate && i % 10 === 3;
    const published = candidate && !workflow;
    // Published directly the same day or up to two days later.
    const publishedAt = published ? next() + ((i * 13) % 3) * DAY : null;
    if (published) events.push(event('SpeachPublished', { speachId, version: 1, scheduledFor: null }, authorId, publishedAt as number));
    ids.push({ speachId, authorId, language, chapterIds, createdAt, workflow, published, publishedAt });
    pending.push(store.appendToStream(`speach-${speachId}`, events, { expectedRevision: 'no_stream' }));
    if (pending.length >= 256) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  return ids;
}
