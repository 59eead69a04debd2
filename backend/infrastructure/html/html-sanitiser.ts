import type SanitizeHtml from 'sanitize-html';

/** sanitize-html (and its HTML and CSS parsers) load with the first text sanitised, not at every server start. */
let loaded: typeof SanitizeHtml | null = null;
const sanitizer = (): typeof SanitizeHtml => (loaded ??= require('sanitize-html') as typeof SanitizeHtml);

/** Rich text written by admins and authors (terms, accessibility statement, HTML chapters). */
export function sanitiseRichText(html: string): string {
  const sanitizeHtml = sanitizer();
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'u', 's', 'span', 'figure', 'figcaption'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      '*': ['lang', 'dir'],
      th: ['scope', 'colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

/** Spec §5: display text (comments, descriptions) keeps only links (href, title, target) and line breaks. */
export function sanitiseDisplayText(html: string): string {
  return sanitizer()(html, {
    allowedTags: ['a', 'br'],
    allowedAttributes: { a: ['href', 'title', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
  });
}
