import { PERIODS, type Period, addDays, daysBetween, periodRange } from './analytics-buckets';
import type { ProjectedDocument } from './projection';

/**
 * The dashboard's rankings as documents: per owner (speach, author, category) and period, the sums of
 * the owner's day buckets over the period's window, kept by the analytics projection as events arrive.
 * A ranking is one range query sorted on an indexed key with a limit, so it reads ~10 rows whatever the
 * catalogue's size.
 *
 * Periods are rolling (the last N months up to today) but a projection cannot know "today": the windows
 * end at `asOf`, the latest day of any counted event (document `asOf` of ANALYTICS_TALLY_CLOCK). When an
 * event of a later day arrives the windows slide: the day buckets that leave a window are subtracted
 * from their owners' tallies. A query on a later day (no event since `asOf`) corrects the few owners
 * active on the days between the two windows (see `correctionDays`).
 */
export const ANALYTICS_SPEACH_TALLIES = 'analytics_speach_tallies';
export const ANALYTICS_AUTHOR_TALLIES = 'analytics_author_tallies';
export const ANALYTICS_CATEGORY_TALLIES = 'analytics_category_tallies';
/** One document, `asOf`: the last day of the tallies' windows. */
export const ANALYTICS_TALLY_CLOCK = 'analytics_tally_clock';
export const TALLY_CLOCK_ID = 'asOf';

export interface TallyClock extends ProjectedDocument {
  day: string;
}

export interface Counts {
  reads: number;
  ratingCount: number;
  ratingSum: number;
  /** Speaches created (category tallies). */
  created: number;
}
export type CountField = keyof Counts;
export const COUNT_FIELDS: CountField[] = ['reads', 'ratingCount', 'ratingSum', 'created'];
export const noCounts = (): Counts => ({ reads: 0, ratingCount: 0, ratingSum: 0, created: 0 });

/** `{period}|{ownerId}` */
export interface OwnerTally extends ProjectedDocument, Counts {
  period: Period;
  ownerId: string;
  /** Average rating, one decimal, 0 when nobody rated: the number the dashboard shows and ranks on. */
  note: number;
  /** Sort keys, ascending = best first (see `rankKey`); indexed. */
  byWatch: string;
  byRating: string;
}
export type Ranking = 'byWatch' | 'byRating';

export const tallyId = (period: Period, ownerId: string) => `${period}|${ownerId}`;
export const noteOf = (c: Pick<Counts, 'ratingCount' | 'ratingSum'>) => (c.ratingCount ? Math.round((c.ratingSum / c.ratingCount) * 10) / 10 : 0);

/** `n` as `width` digits that sort ascending when `n` descends. */
const descending = (n: number, width: number) => String(10 ** width - 1 - Math.round(n)).padStart(width, '0');

/**
 * One ordering per ranking, as a single string so that one single-field index answers "the first N of a
 * period" on every store (a range on the period's prefix, sorted ascending, with a limit):
 * by watch, most reads first, then best average; by rating, best average first, then most ratings, then
 * most reads. Ties go to the smaller owner id. Owners with no read (no rating) sort after all others.
 */
export function rankKey(ranking: Ranking, period: Period, ownerId: string, c: Counts): string {
  const note = descending(noteOf(c) * 10, 3);
  const reads = descending(c.reads, 12);
  return ranking === 'byWatch' ? `${period}|${reads}|${note}|${ownerId}` : `${period}|${note}|${descending(c.ratingCount, 12)}|${reads}|${ownerId}`;
}

/** The filter selecting one period's keys of a ranking (`}` follows `|`). */
export const rankRange = (ranking: Ranking, period: Period) => ({ [ranking]: { $gt: `${period}|`, $lt: `${period}}` } });

/** Whether an owner takes part in a ranking at all. */
export const ranked = (ranking: Ranking, c: Counts) => (ranking === 'byWatch' ? c.reads > 0 : c.ratingCount > 0);

/** The tally document for these counts, or null when there is nothing left to count. */
export function tallyOf(period: Period, ownerId: string, c: Counts): OwnerTally | null {
  if (COUNT_FIELDS.every((f) => c[f] === 0)) return null;
  const counts = { reads: c.reads, ratingCount: c.ratingCount, ratingSum: c.ratingSum, created: c.created };
  return {
    _id: tallyId(period, ownerId),
    period,
    ownerId,
    ...counts,
    note: noteOf(counts),
    byWatch: rankKey('byWatch', period, ownerId, counts),
    byRating: rankKey('byRating', period, ownerId, counts),
  };
}

/** First day of a period's window ending on `asOf` (a day key). */
export const windowStart = (period: Period, asOf: string) => periodRange(period, new Date(`${asOf}T00:00:00Z`)).from;

/** The periods whose window ending on `asOf` holds `day` (a day no later than `asOf`). */
export const periodsHolding = (day: string, asOf: string): Period[] => PERIODS.filter((p) => day >= windowStart(p, asOf));

/** The days that leave each period's window when it slides from ending on `from` to ending on `to`. */
export function leavingDays(from: string, to: string): Map<Period, string[]> {
  const out = new Map<Period, string[]>();
  for (const period of PERIODS) {
    // Days after `from` hold nothing yet: a long pause leaves only the old window's days to subtract.
    const last = addDays(windowStart(period, to), -1);
    const days = daysBetween(windowStart(period, from), last < from ? last : from);
    if (days.length) out.set(period, days);
  }
  return out;
}

/**
 * What turns the tallies of the window ending on `asOf` into the sums of the period's days up to
 * `today`: each day that is in one and not the other, +1 for a day only the period has, -1 for a day
 * only the tallies have. Days after `asOf` hold nothing. Null when the period holds no counted day.
 */
export function correctionDays(period: Period, asOf: string, today: Date): { day: string; sign: 1 | -1 }[] | null {
  const wanted = periodRange(period, today);
  if (wanted.from > asOf) return null;
  const held = windowStart(period, asOf);
  if (held === wanted.from && asOf <= wanted.to) return []; // the usual case: an event was counted today
  const out: { day: string; sign: 1 | -1 }[] = [];
  for (const day of daysBetween(wanted.from < held ? wanted.from : held, asOf)) {
    const inPeriod = day >= wanted.from && day <= wanted.to;
    const inTallies = day >= held;
    if (inPeriod !== inTallies) out.push({ day, sign: inPeriod ? 1 : -1 });
  }
  return out;
}
