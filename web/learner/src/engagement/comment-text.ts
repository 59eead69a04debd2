/**
 * Spec §5: display text is sanitised to allow only links and line breaks. A comment is plain text;
 * it is cut into parts that the screen renders as text, anchors or <br> (never as HTML), so
 * `<script>` and any other markup are shown as typed.
 */
export type CommentPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string } | { type: 'br' };

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that usually ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?)\]}]+$/;

function linkParts(line: string): CommentPart[] {
  const parts: CommentPart[] = [];
  let last = 0;
  for (const match of line.matchAll(LINK)) {
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    const start = match.index ?? 0;
    if (start > last) parts.push({ type: 'text', text: line.slice(last, start) });
    parts.push({ type: 'link', text: url, href: url.toLowerCase().startsWith('www.') ? `https://${url}` : url });
    last = start + url.length;
  }
  if (last < line.length) parts.push({ type: 'text', text: line.slice(last) });
  return parts;
}

export function commentParts(text: string): CommentPart[] {
  const out: CommentPart[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (index > 0) out.push({ type: 'br' });
    out.push(...linkParts(line));
  });
  return out;
}

/** Spec §5: rating 1 to 5. */
export const RATING_MAX = 5;
export const COMMENT_MAX = 2000;

/** The average as shown next to the stars: one decimal, or nothing when nobody rated. */
export function formatAverage(average: number | null, locale: string): string {
  if (average === null) return '';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(average);
}
