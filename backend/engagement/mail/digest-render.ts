import type { MailLanguage, NotificationType } from '../../../events';
import type { DigestPeriod } from './digest-period';
import { MAIL_MESSAGES, type MailMessages, fill, plural } from './mail-messages';

/** Spec/issue 19: at most 5 items per section, then "view more". */
export const SECTION_LIMIT = 5;

export interface DigestItem {
  actor: string | null;
  speachTitle: string | null;
  date: string;
  /** A comment's or a message's first words. */
  excerpt: string | null;
  /** Notifications folded into this line (rapid repeats of one actor on one subject); 1 when absent. */
  count?: number;
}

export interface DigestSection {
  type: string;
  /** How many notifications of this type the period holds (the items are the newest, at most SECTION_LIMIT). */
  total: number;
  items: DigestItem[];
}

export interface MailLinks {
  /** The notifications page, filtered on a type when given. */
  notifications(type?: string): string;
  unsubscribe: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const EXCERPT_MAX = 140;
const excerpt = (value: string) => (value.length > EXCERPT_MAX ? `${value.slice(0, EXCERPT_MAX - 1)}…` : value);

function periodLabel(m: MailMessages, period: DigestPeriod): string {
  const options: Intl.DateTimeFormatOptions =
    period.frequency === 'MENSUEL' ? { month: 'long', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(m.locale, options).format(period.start);
}

function itemLine(m: MailMessages, item: DigestItem): string {
  const when = new Intl.DateTimeFormat(m.locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(item.date),
  );
  const what = [item.actor, item.speachTitle && `"${item.speachTitle}"`].filter(Boolean).join(' · ');
  const times = (item.count ?? 1) > 1 ? `×${new Intl.NumberFormat(m.locale).format(item.count!)}` : null;
  return [what, item.excerpt && `“${excerpt(item.excerpt)}”`, times, when].filter(Boolean).join(' — ');
}

const sectionTitle = (m: MailMessages, type: string) => m.sections[type as NotificationType] ?? type;

/** One digest mail in the user's language: a section per notification type, HTML and text alike. */
export function renderDigest(input: {
  language: MailLanguage;
  firstName: string;
  period: DigestPeriod;
  sections: DigestSection[];
  links: MailLinks;
}): RenderedMail {
  const m = MAIL_MESSAGES[input.language];
  const total = input.sections.reduce((sum, s) => sum + s.total, 0);
  const subject = `${m.digestSubject[input.period.frequency]}${m.colon}${plural(m, m.notifications, total)}`;
  const intro = fill(m.intro[input.period.frequency], { period: periodLabel(m, input.period) });
  const greeting = fill(m.greeting, { name: input.firstName });
  const footer = fill(m.footer, { frequency: m.frequencyName[input.period.frequency] });

  const text: string[] = [greeting, '', intro, ''];
  const html: string[] = [
    `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;max-width:640px">',
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>`,
  ];
  for (const section of input.sections) {
    const title = `${sectionTitle(m, section.type)} (${new Intl.NumberFormat(m.locale).format(section.total)})`;
    const shown = section.items.slice(0, SECTION_LIMIT);
    const lines = shown.map((item) => itemLine(m, item));
    const more = section.total - shown.reduce((sum, item) => sum + (item.count ?? 1), 0);
    const link = input.links.notifications(section.type);
    text.push(title, ...lines.map((l) => `- ${l}`));
    html.push(`<h2 style="font-size:16px">${escapeHtml(title)}</h2><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`);
    if (more > 0) {
      text.push(`${plural(m, m.viewMore, more)}${m.colon}${link}`);
      html.push(`<p><a href="${escapeHtml(link)}">${escapeHtml(plural(m, m.viewMore, more))}</a></p>`);
    }
    text.push('');
  }
  text.push(`${m.openAll}${m.colon}${input.links.notifications()}`, '', '--', footer, `${m.unsubscribe}${m.colon}${input.links.unsubscribe}`, '');
  html.push(
    `<p><a href="${escapeHtml(input.links.notifications())}">${escapeHtml(m.openAll)}</a></p>`,
    `<hr><p style="font-size:12px;color:#52606d">${escapeHtml(footer)} <a href="${escapeHtml(input.links.unsubscribe)}">${escapeHtml(m.unsubscribe)}</a></p>`,
    '</body></html>',
  );
  return { subject, text: text.join('\n'), html: html.join('\n') };
}

/** The mail that must not wait: an assignment with a due date (of a speach, or of a learning path when `kind` says so). */
export function renderAssignment(input: {
  language: MailLanguage;
  firstName: string;
  speachTitle: string;
  dueDate: string;
  link: string;
  unsubscribe: string;
  kind?: 'speach' | 'path';
}): RenderedMail {
  const m = MAIL_MESSAGES[input.language];
  const date = new Intl.DateTimeFormat(m.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${input.dueDate}T00:00:00Z`),
  );
  const subject = fill(m.assignmentSubject, { title: input.speachTitle, date });
  const greeting = fill(m.greeting, { name: input.firstName });
  const body = fill(input.kind === 'path' ? m.pathAssignmentBody : m.assignmentBody, { title: input.speachTitle, date });
  const text = [greeting, '', body, '', `${m.open}${m.colon}${input.link}`, '', '--', `${m.unsubscribe}${m.colon}${input.unsubscribe}`, ''].join('\n');
  const html = [
    `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;max-width:640px">',
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(m.open)}</a></p>`,
    `<hr><p style="font-size:12px;color:#52606d"><a href="${escapeHtml(input.unsubscribe)}">${escapeHtml(m.unsubscribe)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
