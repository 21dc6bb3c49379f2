// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { RATE_KINDS, type RateKind } from '@/lib/domain/calculators';
import { rateValueSchemas } from '@/lib/schemas/calculators-rates';
import { seedRateBook } from '../../helpers/rates';

describe('rate value schemas', () => {
  const book = seedRateBook();
  it('every kind has seeded rows', () => {
    for (const kind of Object.keys(RATE_KINDS) as RateKind[]) expect(book[kind]?.length, kind).toBeGreaterThan(0);
  });
  it('every seeded row passes the schema an admin row must pass, unchanged', () => {
    for (const [kind, rows] of Object.entries(book) as [RateKind, { value: unknown }[]][]) {
      for (const row of rows) {
        const parsed = rateValueSchemas[kind].safeParse(row.value);
        expect(parsed.success, `${kind} ${JSON.stringify(row.value)}`).toBe(true);
        expect(parsed.data).toEqual(row.value);
      }
    }
  });
  it('bad rule rows are refused with Russian messages', () => {
    const bands = rateValueSchemas.penalty_fractions.safeParse({ organization: [{ fromDay: 5, denominator: 300 }], individual: [{ fromDay: 1, denominator: 300 }] });
    expect(bands.error?.issues[0]?.message).toBe('Первая полоса начинается с 1-го дня.');
    const terms = rateValueSchemas.usn_payment_terms.safeParse({ advances: ['04-28', '07-28'], organization: '03-28', entrepreneur: '13-01' });
    expect(terms.error?.issues.map((i) => i.message)).toEqual(['Нужны три срока авансов: за I квартал, полугодие и 9 месяцев.', 'Укажите дату как ММ-ДД.']);
  });
});
