// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { amountInWords, dateInWords, dateWithMonthName, integerInWords, plural, yearOrdinalGenitive } from '@/lib/domain/words';

describe('сумма прописью', () => {
  it.each([
    ['1220', 'Одна тысяча двести двадцать рублей 00 копеек'],
    ['0', 'Ноль рублей 00 копеек'],
    ['0.5', 'Ноль рублей 50 копеек'],
    ['1', 'Один рубль 00 копеек'],
    ['2', 'Два рубля 00 копеек'],
    ['5', 'Пять рублей 00 копеек'],
    ['11', 'Одиннадцать рублей 00 копеек'],
    ['12.01', 'Двенадцать рублей 01 копейка'],
    ['14.02', 'Четырнадцать рублей 02 копейки'],
    ['21.11', 'Двадцать один рубль 11 копеек'],
    ['22.22', 'Двадцать два рубля 22 копейки'],
    ['111', 'Сто одиннадцать рублей 00 копеек'],
    ['2000', 'Две тысячи рублей 00 копеек'],
    ['21000', 'Двадцать одна тысяча рублей 00 копеек'],
    ['1000000', 'Один миллион рублей 00 копеек'],
    ['2003004.05', 'Два миллиона три тысячи четыре рубля 05 копеек'],
    ['3668.45', 'Три тысячи шестьсот шестьдесят восемь рублей 45 копеек'],
    ['1000000000', 'Один миллиард рублей 00 копеек'],
    ['5200000001.99', 'Пять миллиардов двести миллионов один рубль 99 копеек'],
    ['12345678901234.56', 'Двенадцать триллионов триста сорок пять миллиардов шестьсот семьдесят восемь миллионов девятьсот одна тысяча двести тридцать четыре рубля 56 копеек'],
    ['-15', 'Минус пятнадцать рублей 00 копеек'],
  ])('%s → %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('rounds half-up to kopecks exactly (no floats)', () => {
    expect(amountInWords('1.005')).toBe('Один рубль 01 копейка');
    expect(amountInWords('2.675')).toBe('Два рубля 68 копеек');
    expect(amountInWords('0.125')).toBe('Ноль рублей 13 копеек');
    expect(amountInWords('99.999')).toBe('Сто рублей 00 копеек');
  });

  it('kopecks in words are feminine; lower-case start on request', () => {
    expect(amountInWords('1.21', { kopecksInWords: true })).toBe('Один рубль двадцать одна копейка');
    expect(amountInWords('2.02', { kopecksInWords: true, capital: false })).toBe('два рубля две копейки');
    expect(amountInWords('3', { kopecksInWords: true })).toBe('Три рубля ноль копеек');
  });

  it('integers in either gender and plural forms', () => {
    expect(integerInWords(1, 'f')).toBe('одна');
    expect(integerInWords(1001, 'f')).toBe('одна тысяча одна');
    expect(integerInWords(1_001_000)).toBe('один миллион одна тысяча');
    expect(integerInWords(10_000_000)).toBe('десять миллионов');
    expect(() => integerInWords(10n ** 15n)).toThrow(RangeError);
    const forms = ['рубль', 'рубля', 'рублей'] as const;
    expect([0, 1, 2, 4, 5, 11, 12, 14, 15, 21, 22, 25, 101, 111, 112].map((n) => plural(n, forms))).toEqual([
      'рублей', 'рубль', 'рубля', 'рубля', 'рублей', 'рублей', 'рублей', 'рублей', 'рублей', 'рубль', 'рубля', 'рублей', 'рубль', 'рублей', 'рублей',
    ]);
  });
});

describe('даты прописью', () => {
  it('with the month name', () => {
    expect(dateWithMonthName('2026-11-22')).toBe('22 ноября 2026 г.');
    expect(dateWithMonthName('2026-03-05', { quoted: true })).toBe('«05» марта 2026 г.');
  });

  it('fully in words', () => {
    expect(dateInWords('2026-11-22')).toBe('двадцать второе ноября две тысячи двадцать шестого года');
    expect(dateInWords('2000-01-01')).toBe('первое января двухтысячного года');
    expect(dateInWords('2010-05-31')).toBe('тридцать первое мая две тысячи десятого года');
    expect(dateInWords('2024-02-29')).toBe('двадцать девятое февраля две тысячи двадцать четвёртого года');
  });

  it('year ordinals', () => {
    expect(yearOrdinalGenitive(1999)).toBe('одна тысяча девятьсот девяносто девятого');
    expect(yearOrdinalGenitive(1900)).toBe('одна тысяча девятисотого');
    expect(yearOrdinalGenitive(2030)).toBe('две тысячи тридцатого');
    expect(yearOrdinalGenitive(2100)).toBe('две тысячи сотого');
    expect(yearOrdinalGenitive(2013)).toBe('две тысячи тринадцатого');
  });

  it('refuses dates that do not exist', () => {
    expect(() => dateInWords('2026-02-29')).toThrow('Такой даты нет в календаре.');
    expect(() => dateInWords('22.11.2026')).toThrow('Дата должна быть в виде ГГГГ-ММ-ДД.');
  });
});
