// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rateValueLines } from '@/components/calculators/rate-value';
import { seedRateBook } from '../../../helpers/rates';

const NB = '\u00a0';

describe('rate values as readable lines', () => {
  it('scalars: percent, money, days, shares', () => {
    expect(rateValueLines('vat', '22')).toEqual([`22${NB}%`]);
    expect(rateValueLines('key_rate', '16.5')).toEqual([`16,5${NB}%`]);
    expect(rateValueLines('mrot', '27093')).toEqual([`27${NB}093,00${NB}₽`]);
    expect(rateValueLines('vacation_average_days', '29.3')).toEqual(['29,3 дня']);
    expect(rateValueLines('salary_delay_denominator', '150')).toEqual(['1/150 ставки за каждый день']);
    expect(rateValueLines('refinancing_rate', { equalsKeyRate: true })).toEqual(['Равна ключевой ставке на каждую дату']);
  });

  it('the НДФЛ scale and the penalty shares', () => {
    expect(rateValueLines('ndfl_scale', { brackets: [{ from: '0', ratePct: '13' }, { from: '2400000', ratePct: '15' }] })).toEqual([
      `доход до 2${NB}400${NB}000,00${NB}₽ — 13${NB}%`,
      `доход свыше 2${NB}400${NB}000,00${NB}₽ — 15${NB}%`,
    ]);
    expect(
      rateValueLines('penalty_fractions', {
        organization: [{ fromDay: 1, denominator: 300 }, { fromDay: 31, denominator: 150 }, { fromDay: 91, denominator: 300 }],
        individual: [{ fromDay: 1, denominator: 300 }],
        paymentDayCounted: false,
      }),
    ).toEqual(['Организации: 1/300 за дни 1–30, 1/150 за дни 31–90, 1/300 с 91-го дня', 'ИП и физические лица: 1/300 ставки за каждый день', 'день уплаты не входит']);
  });

  it('no seeded value is shown as JSON, English keys or ISO dates', () => {
    for (const [kind, rows] of Object.entries(seedRateBook())) {
      for (const r of rows ?? []) {
        const text = rateValueLines(kind, r.value).join('\n');
        expect(text, `${kind} ${r.effectiveFrom}`).not.toMatch(/[{}"[\]]|[a-z]{3,}|\d{4}-\d{2}-\d{2}|undefined|NaN/);
        expect(text.length, kind).toBeGreaterThan(0);
      }
    }
  });
});
