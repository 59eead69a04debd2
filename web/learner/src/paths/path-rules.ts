/** Spec §2/§5/§9 rules of the learning path screens, free of React so they are tested on their own. */

export const PATH_TITLE_MAX = 100;
export const PATH_DESCRIPTION_MAX = 1000;
/** Spec §9: user search pages hold 10; spec §5: search inputs debounce 500 ms. */
export const USER_SEARCH_COUNT = 10;
/** The editor's address for a path not created yet: the first save of a title creates it. */
export const NEW_PATH_ID = 'new';

/** Recertification periods offered, in months (0: none); the server takes 1 to its maximum. */
export const RECERTIFICATION_CHOICES = [0, 6, 12, 24, 36] as const;

export const CONTENT_TABS = ['SELECTED', 'AVAILABLE'] as const;
export type ContentTab = (typeof CONTENT_TABS)[number];

/** The tab the address asks for, else AVAILABLE while the path has no speach (there is nothing to order yet), else SELECTED. */
export function contentTab(requested: string | null, itemCount: number): ContentTab {
  const asked = CONTENT_TABS.find((tab) => tab === requested);
  if (asked) return asked;
  return itemCount === 0 ? 'AVAILABLE' : 'SELECTED';
}

/** `ids` with the one at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(ids: readonly T[], from: number, to: number): T[] {
  const next = [...ids];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved);
  return next;
}

/** Spec §7 recordOrder: the speach ids joined by ';'. */
export function orderParameter(speachIds: readonly string[]): string {
  return speachIds.join(';');
}

/** Spec §5: a plain confirmation when the editor can view the speach, else the warning "cannot be undone". */
export function removalVariant(canView: boolean): 'plain' | 'warning' {
  return canView ? 'plain' : 'warning';
}

/** Spec §5: publishing needs at least one speach. */
export function canPublish(itemCount: number): boolean {
  return itemCount > 0;
}

/** The detail field's error, or null: title required and ≤ 100, description ≤ 1000 (spec §5). */
export function detailsError(field: 'title' | 'description', value: string): 'required' | 'tooLong' | null {
  if (field === 'title') {
    if (!value.trim()) return 'required';
    return value.length > PATH_TITLE_MAX ? 'tooLong' : null;
  }
  return value.length > PATH_DESCRIPTION_MAX ? 'tooLong' : null;
}

export function pathSlug(title: string): string {
  return (
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'path'
  );
}

/** The learner's page of a path (spec §2 `/p/{pathId}/{slug}`). */
export function pathAddress(pathId: string, title: string): string {
  return `/p/${encodeURIComponent(pathId)}/${pathSlug(title)}`;
}

export function editorAddress(pathId: string, tab?: ContentTab): string {
  return `/recorder/editionparcour/${encodeURIComponent(pathId)}${tab ? `?selectedTab=${tab}` : ''}`;
}

/** The plural form of `count` in the UI language (Intl.PluralRules), for keys with `.one` and `.other`. */
export function pluralForm(language: string, count: number): 'one' | 'other' {
  return new Intl.PluralRules(language).select(count) === 'one' ? 'one' : 'other';
}

/** A count in the UI language. */
export function formatCount(language: string, count: number): string {
  return new Intl.NumberFormat(language).format(count);
}

/** The `YYYY-MM-DD` of a stored due date (the server keeps the end of that day, UTC), for a date input. */
export function dateInputValue(dueDate: string | null | undefined): string {
  return dueDate ? dueDate.slice(0, 10) : '';
}

/** A stored due date (the end of its day, UTC) as that calendar day at local noon, for display in any time zone. */
export function dueDay(dueDate: string): Date {
  return new Date(`${dueDate.slice(0, 10)}T12:00:00`);
}

/** A percentage 0..100 in the UI language (Intl), whole numbers. */
export function formatPercent(language: string, value: number): string {
  const clamped = Math.max(0, Math.min(100, value));
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(clamped / 100);
}
