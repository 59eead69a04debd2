import { formatDate, formatDateTime, formatNumber, formatPercent, formatPeriodPoint, pluralCategory } from '../../web/shared/src/format/intl';

const NBSP = /[\u00a0\u202f]/g;

describe('web/shared formatting (both apps, issue 17)', () => {
  it('writes a day in the spec §9 format of each language', () => {
    const day = new Date(2026, 11, 8);
    expect(formatDate('en', day)).toBe('12/8/2026');
    expect(formatDate('fr', day)).toBe('08/12/2026');
    expect(formatDate('de', day)).toBe('8.12.2026');
    expect(formatDate('es', day)).toBe('8/12/2026');
  });

  it('accepts ISO strings and timestamps, and answers nothing for a missing or invalid date', () => {
    const day = new Date(2026, 0, 31, 12);
    expect(formatDate('fr', day.toISOString())).toBe('31/01/2026');
    expect(formatDate('de', day.getTime())).toBe('31.1.2026');
    expect(formatDate('en', null)).toBe('');
    expect(formatDate('en', '')).toBe('');
    expect(formatDate('en', 'not a date')).toBe('');
    expect(formatDateTime('en', 'not a date')).toBe('not a date');
  });

  it('writes numbers and percentages the language way', () => {
    expect(formatNumber('en', 1000.5)).toBe('1,000.5');
    expect(formatNumber('fr', 1000.5).replace(NBSP, ' ')).toBe('1 000,5');
    expect(formatNumber('de', 4.5)).toBe('4,5');
    expect(formatPercent('fr', 0.5).replace(NBSP, ' ')).toBe('50 %');
    expect(formatPercent('en', 0.5)).toBe('50%');
  });

  it('picks plural categories by Intl.PluralRules: French 0 and 1 are singular, English 1 only', () => {
    expect(pluralCategory('fr', 0)).toBe('one');
    expect(pluralCategory('fr', 1)).toBe('one');
    expect(pluralCategory('en', 0)).toBe('other');
    expect(pluralCategory('en', 1)).toBe('one');
  });

  it('labels monthly points by month and daily points by day', () => {
    expect(formatPeriodPoint('en', { startDate: '2026-03-01', endDate: '2026-03-31' })).toBe('Mar 2026');
    expect(formatPeriodPoint('en', { startDate: '2026-03-05', endDate: '2026-03-05' })).toBe('Mar 5');
    expect(formatPeriodPoint('de', { startDate: '2026-03-01', endDate: '2026-03-31' })).toBe('März 2026');
  });
});
