import { PERIODS, type Period, addDays, daysBetween, periodRange } from './analytics-buckets';
import type { ProjectedDocument } from './projection';

/**
 * The dashboard's rankings as documents: per owner (speach, author, category), for each period, the sums
 * of the owner's day buckets over the period's window, kept by the analytics projection as events arrive.
 * A ranking is one range query sorted on an indexed key with a limit, so it reads ~10 rows whatever the
 * catalogue's size. One document per owner holds all five periods: a read changes two documents
 * (its speach's and its author's), not ten.
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

export type Ranking = 'byWatch' | 'byRating';
export const RANKINGS: Ranking[] = ['byWatch', 'byRating'];

/** `{ownerId}`; a period with nothing counted in its window is absent. */
export interface OwnerTally extends ProjectedDocument {
  ownerId: string;
  periods: Partial<Record<Period, Counts>>;
  /** Sort keys per period, ascending = best first (see `rankKey`); each `{ranking}.{period}` is indexed. */
  byWatch: Partial<Record<Period, string>>;
  byRating: Partial<Record<Period, string>>;
}

/** One owner's counts in one period, as the dashboard ranks and shows them. */
export interface PeriodTally extends Counts {
  ownerId: string;
  /** Average rating, one decimal, 0 when nobody rated. */
  note: number;
}

export const noteOf = (c: Pick<Counts, 'ratingCount' | 'ratingSum'>) => (c.ratingCount ? Math.round((c.ratingSum / c.ratingCount) * 10) / 10 : 0);

/** `n` as `width` digits that sort ascending when `n` descends. */
const descending = (n: number, width: number) => String(10 ** width - 1 - Math.round(n)).padStart(width, '0');

/**
 * One ordering per ranking, as a single string so that one single-field index answers "the first N"
 * on every store: by watch, most reads first, then best average; by rating, best average first, then
 * most ratings, then most reads. Ties go to the smaller owner id. An owner with no read (no rating) has
 * no key: it is not in that ranking.
 */
export function rankKey(ranking: Ranking, ownerId: string, c: Counts): string | undefined {
  if (!(ranking === 'byWatch' ? c.reads > 0 : c.ratingCount > 0)) return undefined;
  const note = descending(noteOf(c) * 10, 3);
  const reads = descending(c.reads, 12);
  return ranking === 'byWatch' ? `${reads}|${note}|${ownerId}` : `${note}|${descending(c.ratingCount, 12)}|${reads}|${ownerId}`;
}

/** The indexed path of a ranking's key in a period, and the filter of the owners it ranks. */
export const rankPath = (ranking: Ranking, period: Period) => `${ranking}.${period}`;
export const rankedIn = (ranking: Ranking, period: Period) => ({ [rankPath(ranking, period)]: { $gt: '' } });

export const periodTally = (ownerId: string, c: Counts): PeriodTally => ({ ownerId, ...c, note: noteOf(c) });

/** The owner's tally document with new counts per period (null: nothing left), keys derived. */
export function tallyOf(ownerId: string, periods: Partial<Record<Period, Counts>>): OwnerTally | null {
  const doc: OwnerTally = { _id: ownerId, ownerId, periods: {}, byWatch: {}, byRating: {} };
  for (const period of PERIODS) {
    const c = periods[period];
    if (!c || COUNT_FIELDS.every((f) => c[f] === 0)) continue;
    doc.periods[period] = c;
    for (const ranking of RANKINGS) {
      const key = rankKey(ranking, ownerId, c);
      if (key) doc[ranking][period] = key;
    }
  }
  return Object.keys(doc.periods).length ? doc : null;
}

const starts = new Map<string, string>();
/** First day of a period's window ending on `asOf` (a day key); remembered, every counted event asks. */
export function windowStart(period: Period, asOf: string): string {
  const key = `${period}|${asOf}`;
  let from = starts.get(key);
  if (from === undefined) {
    if (starts.size > 50_000) starts.clear();
    starts.set(key, (from = periodRange(period, new Date(`${asOf}T00:00:00Z`)).from));
  }
  return from;
}

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
