import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatCount,
  formatDate,
  formatDateTime,
  formatEstimate,
  formatShare,
  formatTime,
  formatTrend,
  NUMBER_LOCALES,
  setFormatLocale,
} from './format';

describe('the admin format', () => {
  it('groups digits the Indian way, exact or estimated', () => {
    expect([formatCount(0), formatCount(999), formatCount(100_180), formatCount(12_345_678)]).toEqual([
      '0',
      '999',
      '1,00,180',
      '1,23,45,678',
    ]);
    expect([formatEstimate(1001), formatEstimate(100_180), formatEstimate(1_000_180)]).toEqual([
      '1,000',
      '1,00,000',
      '10,00,000',
    ]);
    expect([
      formatTrend(12),
      formatTrend(-3.25),
      formatTrend(0),
      formatShare(1, 3),
      formatShare(0, 0),
    ]).toEqual(['+12%', '-3.3%', '0%', '33%', '0%']);
  });

  it('shows instants on India Standard Time, day first with a short month', () => {
    expect(formatDate('2026-11-24T08:35:00Z')).toBe('24 Nov 2026');
    expect(formatDateTime('2026-11-24T08:35:00Z')).toBe('24 Nov 2026, 14:05 IST');
    expect(formatDateTime('2026-09-03T00:00:00+00:00')).toBe('3 Sep 2026, 05:30 IST');
    expect(formatTime(Date.UTC(2026, 10, 24, 8, 35, 9))).toBe('14:05:09 IST');
  });

  it('moves an instant near midnight UTC to the next day in India, with a 24-hour clock', () => {
    expect(formatDate('2026-11-24T23:59:00Z')).toBe('25 Nov 2026');
    expect(formatDateTime('2026-11-24T23:59:00Z')).toBe('25 Nov 2026, 05:29 IST');
    expect(formatDateTime('2026-12-31T18:30:00Z')).toBe('1 Jan 2027, 00:00 IST');
    expect(formatDateTime(new Date('2026-11-24T18:29:59Z'))).toBe('24 Nov 2026, 23:59 IST');
  });

  it('never moves a date of birth', () => {
    expect(formatCalendarDate('1980-02-10')).toBe('10 Feb 1980');
    expect(formatCalendarDate('2000-12-31')).toBe('31 Dec 2000');
  });

  it('gives back what is not a date as it is', () => {
    expect([formatDate('soon'), formatDateTime('soon'), formatCalendarDate('10/02/1980')]).toEqual([
      'soon',
      'soon',
      '10/02/1980',
    ]);
  });

  describe('in Hindi', () => {
    afterEach(() => setFormatLocale('en'));

    it('keeps Latin digits and Indian grouping, and Hindi month names', () => {
      setFormatLocale('hi');
      expect([
        formatCount(100_180),
        formatEstimate(1_000_180),
        formatTrend(-3.25),
        formatShare(1, 3),
      ]).toEqual(['1,00,180', '10,00,000', '-3.3%', '33%']);
      expect(formatDate('2026-11-24T23:59:00Z')).toBe('25 नव॰ 2026');
      expect(formatDateTime('2026-12-31T18:30:00Z')).toBe('1 जन॰ 2027, 00:00 IST');
      expect(formatCalendarDate('1980-02-10')).toBe('10 फ़र॰ 1980');
      setFormatLocale('en');
      expect(formatDate('2026-11-24T23:59:00Z')).toBe('25 Nov 2026');
    });

    it("uses Intl's hi-IN month abbreviations (CLDR) and digits", () => {
      setFormatLocale('hi');
      const intl = new Intl.DateTimeFormat(NUMBER_LOCALES.hi, { month: 'short', timeZone: 'UTC' });
      const months = Array.from({ length: 12 }, (_, m) => intl.format(Date.UTC(2026, m, 15)));
      expect(months.map((_, m) => formatCalendarDate(`2026-${String(m + 1).padStart(2, '0')}-15`))).toEqual(
        months.map((month) => `15 ${month} 2026`),
      );
    });
  });
});
