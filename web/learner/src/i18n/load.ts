import { type Language, hasCatalogue, registerCatalogue } from './format';

// One lazy chunk per language, written by `scripts/catalogues.ts` before every build.
const CHUNKS = import.meta.glob<Record<string, string>>('./generated/*.json', { import: 'default' });

/** Loads a language's catalogue once; later calls answer at once. */
export async function loadCatalogue(language: Language): Promise<void> {
  if (hasCatalogue(language)) return;
  const chunk = CHUNKS[`./generated/${language}.json`];
  if (!chunk) throw new Error(`No catalogue for ${language}: run npm run catalogues in web/learner`);
  registerCatalogue(language, await chunk());
}
