import type { MessageKey } from '../i18n/en';

/** The English labels the footer ships with (seed and defaults): shown translated rather than as typed. */
const DEFAULT_LABELS: Record<string, string> = { ACCESSIBILITY: 'accessibility', GCU: 'terms of use', PDP: 'personal data' };

/**
 * A footer link's label in the reader's language. The three screens of spec §2 keep the label an
 * administrator typed unless it is the shipped English one, which is translated; the product link keeps its name.
 */
export function footerLabel(item: { code: string; label: string }, t: (key: MessageKey) => string): string {
  const shipped = DEFAULT_LABELS[item.code];
  if (!shipped || item.label.trim().toLowerCase() !== shipped) return item.label;
  return t(`site.footer.code.${item.code}` as MessageKey);
}
