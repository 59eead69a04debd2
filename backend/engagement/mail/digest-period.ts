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
