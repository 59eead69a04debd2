import type { NotificationFrequency } from '../../../events';

export type DigestFrequency = Exclude<NotificationFrequency, 'NONE'>;
export const DIGEST_FREQUENCIES: DigestFrequency[] = ['JOURNALIER', 'HEBDOMADAIRE', 'MENSUEL'];

/** A digest's period: `[start, end)` in UTC, a key naming it (`D:2026-11-23`, `W:2026-11-16`, `M:2026-10`) and a number that orders periods of one frequency. */
export interface DigestPeriod {
  frequency: DigestFrequency;
  key: string;
  ordinal: number;
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;
const dayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The last whole period before `at`: a digest tells a period once it is over (a daily digest run on the
 * 24th tells the 23rd; a weekly one, Monday to Sunday, the week before; a monthly one the month before).
 */
export function previousPeriod(frequency: DigestFrequency, at: Date): DigestPeriod {
  const today = dayStart(at);
  if (frequency === 'JOURNALIER') {
    const start = new Date(today.getTime() - DAY_MS);
    return { frequency, key: `D:${isoDay(start)}`, ordinal: start.getTime() / DAY_MS, start, end: today };
  }
  if (frequency === 'HEBDOMADAIRE') {
    const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS);
    const start = new Date(monday.getTime() - 7 * DAY_MS);
    return { frequency, key: `W:${isoDay(start)}`, ordinal: start.getTime() / DAY_MS, start, end: monday };
  }
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
  return { frequency, key: `M:${isoDay(start).slice(0, 7)}`, ordinal: start.getUTCFullYear() * 12 + start.getUTCMonth(), start, end };
}

/** At most this many periods of one frequency are caught up after a downtime: older ones are let go. */
export const DIGEST_CATCH_UP_MAX = 12;

/**
 * The whole periods before `at` not yet told, oldest first: after `lastDone` (the ordinal of the last
 * period told; null on a first run, which tells the last period only), at most DIGEST_CATCH_UP_MAX.
 * A period missed entirely while the server was down is told at the next start, once.
 */
export function periodsToTell(frequency: DigestFrequency, at: Date, lastDone: number | null): DigestPeriod[] {
  const periods: DigestPeriod[] = [];
  let period = previousPeriod(frequency, at);
  const after = lastDone ?? period.ordinal - 1;
  while (period.ordinal > after && periods.length < DIGEST_CATCH_UP_MAX) {
    periods.unshift(period);
    period = previousPeriod(frequency, period.start);
  }
  return periods;
}
