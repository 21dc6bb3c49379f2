// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, formatPercent, parseDecimal, parseMoney, roundKop, roundRub, toMoneyString } from '@/lib/domain/money';
import { formatPercentText } from '@/lib/domain/money/text';

const NB = '\u00a0';

describe('parseDecimal / parseMoney', () => {
  it.each([
    [1234.56, '1234.56'],
    [0.1, '0.1'],
    ['1 234,56', '1234.56'],
    [`1${NB}234${NB}567,8`, '1234567.8'],
    ['1\u202f234.5', '1234.5'],
    ['1234.56', '1234.56'],
    ['  42 ', '42'],
    ['-5,25', '-5.25'],
    ['−5', '-5'],
  ])('reads %j as %s', (input, expected) => {
    const r = parseDecimal(input);
    expect(r.ok && r.value.toFixed()).toBe(expected);
  });

  it.each([['1,234.56'], ['1e5'], ['abc'], ['1.2.3'], ['--1'], [Number.NaN], [Number.POSITIVE_INFINITY], [{}], [true]])(
    'refuses %j with a Russian message',
    (input) => {
      const r = parseDecimal(input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/[а-я]/);
    },
  );

  it('treats empty as empty', () => {
    for (const v of ['', '  ', null, undefined]) {
      const r = parseDecimal(v);
      expect(r.ok || r.reason).toBe('empty');
    }
  });

  it('money refuses more than two decimals', () => {
    const r = parseMoney('1,005');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe('Не больше двух знаков после запятой (копейки).');
    expect(parseMoney('1,05').ok).toBe(true);
  });
});

describe('rounding (half-up, exact)', () => {
  it.each([
    ['1.005', '1.01'],
    ['2.675', '2.68'],
    ['0.125', '0.13'],
    ['-0.125', '-0.13'],
    ['0.124999', '0.12'],
    ['1234.5', '1234.50'],
  ])('%s → %s kopecks', (v, expected) => {
    expect(toMoneyString(v)).toBe(expected);
    expect(roundKop(v).toFixed(2)).toBe(expected);
  });

  it('whole rubles for taxes: < 50 kopecks dropped, ≥ 50 kopecks up (п. 6 ст. 52 НК)', () => {
    expect(roundRub('6211.49').toFixed()).toBe('6211');
    expect(roundRub('6211.50').toFixed()).toBe('6212');
    expect(roundRub('6211.5872').toFixed()).toBe('6212');
  });

  it('floats would get 1.005 wrong; we do not', () => {
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(toMoneyString(1.005)).toBe('1.01');
  });
});

describe('Russian formatting', () => {
  it('groups always, with NBSP, decimal comma, ₽ after NBSP', () => {
    expect(formatMoney('1234.56')).toBe(`1${NB}234,56${NB}₽`);
    expect(formatMoney('1234567.8')).toBe(`1${NB}234${NB}567,80${NB}₽`);
    expect(formatMoney('999')).toBe(`999,00${NB}₽`);
    expect(formatMoney('0.005')).toBe(`0,01${NB}₽`);
    expect(formatMoney('-1234.5')).toBe(`\u22121${NB}234,50${NB}₽`);
    expect(formatMoney('-0.001')).toBe(`0,00${NB}₽`);
  });

  it('writes negatives with the minus sign U+2212, never a hyphen, and reads them back', () => {
    expect(formatNumber('-5')).toBe('\u22125');
    expect(formatNumber('-1234.5', 2)).toBe(`\u22121${NB}234,50`);
    expect(formatPercent('-12.5')).toBe(`\u221212,5${NB}%`);
    expect(formatMoney('-0.5')).not.toContain('-');
    expect(formatNumber('-0')).toBe('0');
    const back = parseDecimal(formatNumber('-1234.56'));
    expect(back.ok && back.value.toFixed(2)).toBe('-1234.56');
  });

  it('numbers and percents drop trailing zeros unless places are fixed', () => {
    expect(formatNumber('2400000')).toBe(`2${NB}400${NB}000`);
    expect(formatNumber('29.3', 4)).toBe('29,3000');
    expect(formatPercent('15.5')).toBe(`15,5${NB}%`);
    expect(formatPercent('33.3333')).toBe(`33,33${NB}%`);
    expect(formatPercent('22')).toBe(`22${NB}%`);
  });

  it('formatPercentText (no decimal.js, for first paint) writes what formatPercent writes', () => {
    for (const v of ['22', '0', '7', '10.00', '15.5', '33.3333', '33.335', '0.005', '0.004', '-12.5', '-0.004', '-0.005', '099.995', '1234.5']) {
      expect(formatPercentText(v), v).toBe(formatPercent(v));
    }
    expect(formatPercentText('33.335')).toBe(`33,34${NB}%`);
    expect(formatPercentText('abc')).toBe(`abc${NB}%`);
  });

  it('matches Intl ru-RU for money columns', () => {
    const intl = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
    for (const v of ['1234.56', '12.3', '987654321.99']) {
      expect(formatNumber(v, 2)).toBe(intl.format(Number(v)));
    }
  });
});
