/**
 * Numbers, plurals and dates the way each language writes them, all through `Intl`; both apps format
 * with these so a date or a count reads the same in the learner app and the back office.
 * `locale` is an app language (`en`, `fr`, `es`, `de`) or any BCP 47 tag.
 */

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The CLDR plural category of a count (`one`, `other`, …): French 0 and 1 are singular, English 1 only. */
export function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/** A number as the language writes it (fr "1 000,5", de "1.000,5", en "1,000.5"); one decimal unless told. */
export function formatNumber(locale: string, value: number, options?: Intl.NumberFormatOptions): string {
  if (options) return new Intl.NumberFormat(locale, options).format(value);
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })));
  return format.format(value);
}

/** A ratio (0.5) as a percentage the language's way (fr "50 %", en "50%"). */
export function formatPercent(locale: string, ratio: number): string {
  return formatNumber(locale, ratio, { style: 'percent', maximumFractionDigits: 1 });
}

/**
 * Spec §9 day formats: en M/D/YYYY, de D.M.YYYY, es D/M/YYYY, fr DD/MM/YYYY. English is the US form
 * whatever the browser's region, hence `en-US`; French alone pads day and month.
 */
function dayFormat(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    const language = locale.slice(0, 2);
    const digits = language === 'fr' ? '2-digit' : 'numeric';
    format = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : locale, { day: digits, month: digits, year: 'numeric' });
    dateFormats.set(locale, format);
  }
  return format;
}

/** A day in the spec's format of the language; '' for a missing or invalid value. */
export function formatDate(locale: string, value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dayFormat(locale).format(date);
}

/** A moment with its time (audit trails, export jobs); the value itself when it is not a date. */
export function formatDateTime(locale: string, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

/** A time-series point's label: the day for daily points, the week's Monday, or the month. */
export function formatPeriodPoint(locale: string, point: { startDate: string; endDate: string }): string {
  const start = new Date(`${point.startDate}T00:00:00Z`);
  const daily = point.startDate === point.endDate;
  const monthly = point.startDate.endsWith('-01') && new Date(`${point.endDate}T00:00:00Z`).getUTCDate() >= 28;
  const options: Intl.DateTimeFormatOptions =
    monthly && !daily ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(start);
}
