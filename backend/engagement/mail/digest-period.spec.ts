import { previousPeriod } from './digest-period';

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
    expect([january.key, january.start.toISOString(), january.end.toISOString()]).toEqual(['M:2026-12', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
  });
  it('orders periods of one frequency', () => {
    expect(previousPeriod('JOURNALIER', new Date('2026-11-26T00:00:00Z')).ordinal).toBe(previousPeriod('JOURNALIER', at).ordinal + 1);
    expect(previousPeriod('MENSUEL', new Date('2027-01-03T00:00:00Z')).ordinal).toBe(previousPeriod('MENSUEL', at).ordinal + 2);
  });
});
