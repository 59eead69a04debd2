import { DIGEST_CATCH_UP_MAX, periodsToTell, previousPeriod } from './digest-period';

describe('digest periods (UTC)', () => {
  const at = new Date('2026-11-25T08:30:00.000Z'); // a Wednesday
  it('a daily digest tells the day before', () => {
    const p = previousPeriod('JOURNALIER', at);
    expect([p.key, p.start.toISOString(), p.end.toISOString()]).toEqual(['D:2026-11-24', '2026-11-24T00:00:00.000Z', '2026-11-25T00:00:00.000Z']);
  });
  it('a weekly digest tells the week before, Monday to Sunday', () => {
    const p = previousPeriod('HEBDOMADAIRE', at);
    expect([p.key, p.start.toISOString(), p.end.toISOString()]).toEqual(['W:2026-11-16', '2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    expect(previousPeriod('HEBDOMADAIRE', new Date('2026-11-29T23:59:59.000Z')).key).toBe('W:2026-11-16');
    expect(previousPeriod('HEBDOMADAIRE', new Date('2026-11-30T00:00:00.000Z')).key).toBe('W:2026-11-23');
  });
  it('a monthly digest tells the month before, across a year end', () => {
    expect(previousPeriod('MENSUEL', at).key).toBe('M:2026-10');
    const january = previousPeriod('MENSUEL', new Date('2027-01-03T00:00:00.000Z'));
    expect([january.key, january.start.toISOString(), january.end.toISOString()]).toEqual([
      'M:2026-12',
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
  });
  it('orders periods of one frequency', () => {
    expect(previousPeriod('JOURNALIER', new Date('2026-11-26T00:00:00Z')).ordinal).toBe(previousPeriod('JOURNALIER', at).ordinal + 1);
    expect(previousPeriod('MENSUEL', new Date('2027-01-03T00:00:00Z')).ordinal).toBe(previousPeriod('MENSUEL', at).ordinal + 2);
  });
});

describe('digest periods to tell after a downtime', () => {
  const at = new Date('2026-11-25T08:30:00.000Z');
  const yesterday = previousPeriod('JOURNALIER', at);
  it('tells only the last period on a first run, and nothing once it is told', () => {
    expect(periodsToTell('JOURNALIER', at, null).map((p) => p.key)).toEqual(['D:2026-11-24']);
    expect(periodsToTell('JOURNALIER', at, yesterday.ordinal)).toEqual([]);
  });
  it('catches up every period missed since the last one told, oldest first', () => {
    expect(periodsToTell('JOURNALIER', at, yesterday.ordinal - 3).map((p) => p.key)).toEqual(['D:2026-11-22', 'D:2026-11-23', 'D:2026-11-24']);
    const lastWeekly = previousPeriod('HEBDOMADAIRE', new Date('2026-11-10T00:00:00Z')).ordinal;
    expect(periodsToTell('HEBDOMADAIRE', at, lastWeekly).map((p) => p.key)).toEqual(['W:2026-11-09', 'W:2026-11-16']);
    const lastMonthly = previousPeriod('MENSUEL', new Date('2026-09-15T00:00:00Z')).ordinal;
    expect(periodsToTell('MENSUEL', at, lastMonthly).map((p) => p.key)).toEqual(['M:2026-09', 'M:2026-10']);
  });
  it('lets go of periods older than the catch-up limit', () => {
    const told = periodsToTell('JOURNALIER', at, yesterday.ordinal - 100);
    expect(told).toHaveLength(DIGEST_CATCH_UP_MAX);
    expect(told.at(-1)!.key).toBe('D:2026-11-24');
  });
});
