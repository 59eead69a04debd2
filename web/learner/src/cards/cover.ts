/**
 * Generated covers for speaches without an image (issue 17: never a grey box): a colour per category, picked
 * from shades dark enough for white text (AA, 4.5:1 and more), and the category's initials.
 */
export const COVER_COLOURS = ['#1a4f8b', '#2e6b30', '#8a3b12', '#5b2c83', '#00695c', '#a02050', '#4e5b31', '#37474f', '#6d4c41', '#283593'] as const;

/** The same category always gets the same colour; no category gets the first. */
export function coverColour(categoryId: string | null | undefined): string {
  if (!categoryId) return COVER_COLOURS[0];
  let hash = 0;
  for (const char of categoryId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COVER_COLOURS[hash % COVER_COLOURS.length];
}

/** Up to two letters for the cover: the first letters of the category's first two words, else of the title. */
export function coverInitials(categoryName: string | null | undefined, title: string): string {
  const words = (categoryName || title).split(/[\s\-_/]+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => [...w][0].toUpperCase())
    .join('');
}

/** Minutes as the cards show them: "45 min", "1 h 30". */
export function durationParts(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
