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

export interface GeneratedSpeach {
  speachId: string;
  authorId: string;
  chapterIds: string[];
  published: boolean;
}

/** Speaches in 4 languages with tags and 3 to 6 chapters, 80 % published, by the authors given. */
export async function generateSpeaches(store: EventStore, count: number, authorIds: string[]): Promise<GeneratedSpeach[]> {
  const ids: GeneratedSpeach[] = [];
  let pending: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const speachId = uuidv7();
    const language = LANGUAGES[i % LANGUAGES.length];
    const words = WORDS[language];
    const pick = (k: number) => words[(i * 7 + k * 13) % words.length];
    const authorId = authorIds[i % authorIds.length];
    const events: NewEvent[] = [
      event('SpeachCreated', { speachId, authorId, title: `${pick(0)} ${pick(1)} ${i}`, description: `A course about ${pick(2)} and ${pick(3)}.`, language, categoryId: null, isTemplate: false, templateId: null, duplicatedFrom: null, chapters: [] }, authorId),
      event('SpeachDetailsChanged', { speachId, tags: `${pick(1)} ${pick(4)}` }, authorId),
    ];
    const chapterIds: string[] = [];
    for (let c = 0; c < 3 + (i % 4); c++) {
      const chapterId = uuidv7();
      chapterIds.push(chapterId);
      events.push(event('ChapterAdded', { speachId, chapterId, parentId: null, title: `Chapter ${c + 1}`, position: c }, authorId));
      events.push(event('ChapterContentSet', { speachId, chapterId, content: { type: 'HTML', html: `<p>${pick(c)} ${pick(c + 1)}</p>` } }, authorId));
    }
    const published = i % 5 !== 4;
    if (published) events.push(event('SpeachPublished', { speachId, version: 1, scheduledFor: null }, authorId));
    ids.push({ speachId, authorId, chapterIds, published });
    pending.push(store.appendToStream(`speach-${speachId}`, events, { expectedRevision: 'no_stream' }));
    if (pending.length >= 256) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  return ids;
}
