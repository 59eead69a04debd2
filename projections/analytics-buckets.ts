/**
 * Calendar buckets of the analytics read models (UTC): day `YYYY-MM-DD`, ISO week (keyed by its Monday,
 * `YYYY-MM-DD`) and month `YYYY-MM`. Pure functions shared by the projection and the dashboard queries.
 */
export type Unit = 'd' | 'w' | 'm';
export const UNITS: Unit[] = ['d', 'w', 'm'];

import { PERIODS, type Period } from './analytics-vocabulary.view';

export { PERIODS, type Period } from './analytics-vocabulary.view';

/** Spec §9: what a missing or unknown period falls back to. */
export const FALLBACK_PERIOD: Period = 'ONE_MONTH';
const PERIOD_MONTHS: Record<Period, number> = { ONE_MONTH: 1, THREE_MONTHS: 3, SIX_MONTHS: 6, TWELVE_MONTHS: 12, TWO_YEARS: 24 };
/** The width of one point of a time series, per period: about 13 to 31 points whatever the period. */
const SERIES_UNIT: Record<Period, Unit> = { ONE_MONTH: 'd', THREE_MONTHS: 'w', SIX_MONTHS: 'w', TWELVE_MONTHS: 'm', TWO_YEARS: 'm' };

const DAY = 86_400_000;

export function parsePeriod(value: unknown): Period {
  return (PERIODS as readonly unknown[]).includes(value) ? (value as Period) : FALLBACK_PERIOD;
}

export function dayKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}
export function monthKey(at: Date): string {
  return at.toISOString().slice(0, 7);
}
function startOfDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}
function startOfWeek(at: Date): Date {
  const day = startOfDay(at);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
}
function startOfMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}
function addMonths(at: Date, months: number): Date {
  const target = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(at.getUTCDate(), lastDay)));
}

/** `count` consecutive day keys from `first` (a day key). */
export function daysFrom(first: string, count: number): string[] {
  const start = new Date(`${first}T00:00:00.000Z`).getTime();
  return Array.from({ length: count }, (_, i) => dayKey(new Date(start + i * DAY)));
}

/** Every day key from `first` to `last` (both day keys, inclusive); none when `last` comes first. */
export function daysBetween(first: string, last: string): string[] {
  return daysFrom(first, Math.max(0, Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY) + 1));
}

/** The day key `count` days after (before, when negative) `day`. */
export function addDays(day: string, count: number): string {
  return dayKey(new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY));
}

/** The key of the bucket of `unit` holding the instant `at`. */
export function bucketKey(unit: Unit, at: Date): string {
  if (unit === 'd') return dayKey(at);
  if (unit === 'w') return dayKey(startOfWeek(at));
  return monthKey(at);
}

/** An ISO instant (an event's time) to its day, week and month keys. */
export function bucketKeys(iso: string): Record<Unit, string> {
  const at = new Date(iso);
  return { d: bucketKey('d', at), w: bucketKey('w', at), m: bucketKey('m', at) };
}

export interface PeriodRange {
  period: Period;
  /** First day of the period (inclusive) and today (inclusive), as day keys. */
  from: string;
  to: string;
}

/** The last N months up to today: e.g. ONE_MONTH on 2026-11-23 is 2026-10-24 … 2026-11-23. */
export function periodRange(period: Period, now: Date): PeriodRange {
  const today = startOfDay(now);
  const from = new Date(addMonths(today, -PERIOD_MONTHS[period]).getTime() + DAY);
  return { period, from: dayKey(from), to: dayKey(today) };
}

export interface SeriesSlot {
  unit: Unit;
  key: string;
  /** Calendar bounds of the bucket (day keys, both inclusive). */
  startDate: string;
  endDate: string;
}

/**
 * The points of a period's time series: every bucket of the period's unit that meets the period.
 * A point keeps its bucket's calendar bounds (the first week or month may start before the period),
 * because a count of distinct users cannot be cut at a day inside its bucket.
 */
export function seriesSlots(range: PeriodRange): SeriesSlot[] {
  const unit = SERIES_UNIT[range.period];
  const end = new Date(`${range.to}T00:00:00.000Z`);
  let at =
    unit === 'd'
      ? new Date(`${range.from}T00:00:00.000Z`)
      : unit === 'w'
        ? startOfWeek(new Date(`${range.from}T00:00:00.000Z`))
        : startOfMonth(new Date(`${range.from}T00:00:00.000Z`));
  const slots: SeriesSlot[] = [];
  while (at <= end) {
    const next = unit === 'd' ? new Date(at.getTime() + DAY) : unit === 'w' ? new Date(at.getTime() + 7 * DAY) : addMonths(at, 1);
    slots.push({ unit, key: bucketKey(unit, at), startDate: dayKey(at), endDate: dayKey(new Date(next.getTime() - DAY)) });
    at = next;
  }
  return slots;
}
