// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lawDefaultsOn } from '@/lib/domain/calculators/law-defaults';
import { VAT_IN_COST } from '@/lib/domain/cost';
import { REGIMES_OF_KIND } from '@/lib/domain/requisites';
import { COST_TAX_REGIMES, regimeVatPctOn, TAX_REGIME, TAX_REGIME_TITLES, TAX_REGIMES } from '@/lib/domain/tax-regimes';
import { seedRateBook } from '../../helpers/rates';

const book = seedRateBook();

describe('the tax-regime model', () => {
  it('one list: the калькуляция’s regimes are the business ones, payers choose from the same codes', () => {
    expect(COST_TAX_REGIMES.every((r) => TAX_REGIMES.includes(r))).toBe(true);
    expect(TAX_REGIMES.filter((r) => !(COST_TAX_REGIMES as readonly string[]).includes(r))).toEqual(['npd', 'none']);
    expect(REGIMES_OF_KIND).toEqual({
      legal: ['osno', 'usn6', 'usn15', 'usn-vat5', 'usn-vat7', 'ausn'],
      entrepreneur: ['osno', 'usn6', 'usn15', 'usn-vat5', 'usn-vat7', 'ausn', 'psn', 'npd'],
      person: ['none', 'npd'],
    });
    expect([...VAT_IN_COST].sort()).toEqual(['ausn', 'psn', 'usn-vat5', 'usn-vat7', 'usn15', 'usn6']);
    expect(TAX_REGIME_TITLES.psn).toBe('ПСН (патент)');
    for (const r of TAX_REGIMES) expect((TAX_REGIME[r].vat === 'none') === (TAX_REGIME[r].vatRate === null)).toBe(true);
  });

  it('the VAT of a regime is the dated row of its rate kind', () => {
    expect(regimeVatPctOn('osno', book, '2025-06-30')).toBe('20');
    expect(regimeVatPctOn('osno', book, '2026-03-01')).toBe('22');
    expect(regimeVatPctOn('usn-vat5', book, '2026-03-01')).toBe('5');
    expect(regimeVatPctOn('usn-vat7', book, '2026-03-01')).toBe('7');
    for (const r of ['usn6', 'usn15', 'ausn', 'psn', 'npd', 'none'] as const) expect(regimeVatPctOn(r, book, '2026-03-01')).toBeNull();
    const changed = { ...book, vat_usn_5: [...(book.vat_usn_5 ?? []), { effectiveFrom: '2027-01-01', value: '6' }] };
    expect(regimeVatPctOn('usn-vat5', changed, '2027-01-01')).toBe('6');
    expect(() => regimeVatPctOn('osno', book, '1990-01-01')).toThrow(/^Нет ставки «НДС, общая ставка, %»/);
  });

  it('the law defaults are the rate table’s on the day', () => {
    expect(lawDefaultsOn(book, '2025-06-30')).toEqual({
      date: '2025-06-30',
      vatPct: '20',
      vatRates: ['20', '10', '7', '5', '0'],
      contributionsPct: '30',
      contributionsAboveCapPct: '15.1',
      msp: { aboveMrotPct: '15', mrotMultiplier: '1.5' },
      mspManufacturing: { aboveMrotPct: '7.6', mrotMultiplier: '1.5' },
    });
    expect(lawDefaultsOn(book, '2026-03-01')).toMatchObject({ vatPct: '22', vatRates: ['22', '10', '7', '5', '0'], contributionsPct: '30' });
    // A rate changed by a new row reaches the list on its date; a rate equal to another is offered once.
    const changed = { ...book, vat_reduced: [...(book.vat_reduced ?? []), { effectiveFrom: '2027-01-01', value: '7' }] };
    expect(lawDefaultsOn(changed, '2027-01-01').vatRates).toEqual(['22', '7', '5', '0']);
    expect(lawDefaultsOn(changed, '2026-12-31').vatRates).toEqual(['22', '10', '7', '5', '0']);
  });
});
