// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rateOn, RateMissingError, type RateBook } from '@/lib/domain/calculators';
import { splitByRate } from '@/lib/domain/calculators/rates';
import { daysInclusive, dayNumber, isValidDate } from '@/lib/domain/calculators/dates';

const book: RateBook = {
  key_rate: [
    { effectiveFrom: '2026-02-16', value: '15.5' },
    { effectiveFrom: '2025-12-22', value: '16' },
  ],
};

describe('dated rates', () => {
  it('takes the row in force on the date, whatever the order of rows', () => {
    expect(rateOn(book, 'key_rate', '2026-02-15')).toBe('16');
    expect(rateOn(book, 'key_rate', '2026-02-16')).toBe('15.5');
    expect(rateOn(book, 'key_rate', '2030-01-01')).toBe('15.5');
  });
  it('a date before the first row is a Russian error naming the rate and the date', () => {
    expect(() => rateOn(book, 'key_rate', '2025-12-21')).toThrow(RateMissingError);
    expect(() => rateOn(book, 'key_rate', '2025-12-21')).toThrow('Нет ставки «Ключевая ставка Банка России, %» на 21.12.2025: добавьте её в таблицу ставок.');
    expect(() => rateOn(book, 'mrot', '2026-01-01')).toThrow(/МРОТ/);
  });
  it('splits a period at every change, both ends included', () => {
    expect(splitByRate(book, 'key_rate', '2026-02-10', '2026-02-20')).toEqual([
      { from: '2026-02-10', to: '2026-02-15', days: 6, value: '16' },
      { from: '2026-02-16', to: '2026-02-20', days: 5, value: '15.5' },
    ]);
    expect(splitByRate(book, 'key_rate', '2026-02-16', '2026-02-16')).toEqual([{ from: '2026-02-16', to: '2026-02-16', days: 1, value: '15.5' }]);
  });
  it('dates are calendar days without time zones', () => {
    expect(daysInclusive('2024-02-28', '2024-03-01')).toBe(3);
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2024-02-29')).toBe(true);
  });
});
