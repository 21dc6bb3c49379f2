// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countOf, DAYS, plural, YEARS } from '@/lib/domain/format/plural';
import { plural as wordsPlural } from '@/lib/domain/words';

describe('Russian plural forms', () => {
  it.each([
    [0, 'лет'], [1, 'год'], [2, 'года'], [4, 'года'], [5, 'лет'], [11, 'лет'], [12, 'лет'], [14, 'лет'],
    [21, 'год'], [22, 'года'], [25, 'лет'], [101, 'год'], [111, 'лет'], [112, 'лет'], [1001, 'год'], [-1, 'год'], [-3, 'года'],
  ])('%s → %s', (n, word) => {
    expect(plural(n, YEARS)).toBe(word);
  });

  it('days', () => {
    expect(countOf(21, DAYS)).toBe('21 день');
    expect(countOf(11, DAYS)).toBe('11 дней');
    expect(countOf(3, DAYS)).toBe('3 дня');
    expect(countOf(1, YEARS)).toBe('1 год');
    expect(countOf(2, YEARS)).toBe('2 года');
    expect(countOf(5, YEARS)).toBe('5 лет');
  });

  it('a fraction takes the genitive singular', () => {
    expect(plural(1.5, YEARS)).toBe('года');
    expect(plural('2.5', YEARS)).toBe('года');
    expect(plural('0,5', DAYS)).toBe('дня');
    expect(countOf('2.60', YEARS, '2,60')).toBe('2,60 года');
  });

  it('whole decimal strings and bigints count as integers', () => {
    expect(plural('5.00', YEARS)).toBe('лет');
    expect(plural('21', DAYS)).toBe('день');
    expect(plural('1 001', YEARS)).toBe('год');
    expect(plural('−2', DAYS)).toBe('дня');
    expect(plural(1000000000000000000021n, DAYS)).toBe('день');
    expect(plural('not a number', DAYS)).toBe('дней');
  });

  it('is the same helper «сумма прописью» uses', () => {
    expect(wordsPlural).toBe(plural);
  });
});
