import type { Document } from './read-store.port';

/** A value `distinct` answers: a string or a finite number (flags, nulls, objects and SQL's keys for them are not). */
export function isDistinctValue(value: unknown): value is string | number {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** The values at a dotted path, descending into arrays on the way and at the end, as MongoDB's `distinct` does. */
function valuesAt(value: unknown, parts: string[], out: unknown[]): void {
  if (Array.isArray(value)) {
    for (const element of value) valuesAt(element, parts, out);
    return;
  }
  if (parts.length === 0) {
    out.push(value);
    return;
  }
  if (value !== null && typeof value === 'object') valuesAt((value as Record<string, unknown>)[parts[0]], parts.slice(1), out);
}

/** The distinct string and number values of `field` over documents already matched. */
export function distinctValues(docs: Document[], field: string): Array<string | number> {
  const seen = new Set<string | number>();
  const parts = field.split('.');
  for (const doc of docs) {
    const found: unknown[] = [];
    valuesAt(doc, parts, found);
    for (const value of found) if (isDistinctValue(value)) seen.add(value);
  }
  return [...seen];
}
