// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { seedRateBook, seedRateSources, unofficialSource } from '../../../helpers/rates';

describe('the seeded rates name their official sources', () => {
  const rows = seedRateSources();

  it('reads every seeded row, the later UPDATEs applied', () => {
    const count = Object.values(seedRateBook()).reduce((n, list) => n + list.length, 0);
    expect(rows).toHaveLength(count);
    expect(rows.find((r) => r.kind === 'vat' && r.effectiveFrom === '2026-01-01')!.source).toBe('п. 3 ст. 164 НК РФ (Федеральный закон от 28.11.2025 № 425-ФЗ)');
    expect(rows.find((r) => r.kind === 'mrot' && r.effectiveFrom === '2026-01-01')!.source).toMatch(/от 28\.11\.2025 № 429-ФЗ/);
    expect(rows.find((r) => r.kind === 'insurance_base_cap' && r.effectiveFrom === '2026-01-01')!.source).toMatch(/^Постановление Правительства РФ от 31\.10\.2025 № 1701/);
    expect(rows.find((r) => r.kind === 'key_rate' && r.effectiveFrom === '2025-10-27')!.source).toBe('Решение Совета директоров Банка России от 24.10.2025');
  });

  it('no row cites a web page, a site or an unchecked note', () => {
    const bad = rows.map((r) => ({ ...r, why: unofficialSource(r.source) })).filter((r) => r.why);
    expect(bad).toEqual([]);
  });

  it('the check catches what it must', () => {
    expect(unofficialSource('425-ФЗ от 28.11.2025; п. 3 ст. 164 НК — klerk.ru/buh/news/671812')).toBe('a site name');
    expect(unofficialSource('Решение Банка России 15.12.2023 (general knowledge ⚠)')).toBe('an unchecked note');
    expect(unofficialSource('Решение Банка России 06.06.2025 ⚠')).toBe('an unchecked note');
    expect(unofficialSource('см. https://cbr.ru')).toBe('a web address');
    expect(unofficialSource('Клерк')).toBe('no law, Банк России act or government decree named');
    expect(unofficialSource('п. 4 ст. 75 НК')).toBeNull();
    expect(unofficialSource('Указание Банка России от 11.12.2015 № 3894-У')).toBeNull();
  });
});
