import { describe, expect, it } from 'vitest';
import { calculateCost, type SpecDocument } from '@/lib/domain/cost';
import { costSheetRows } from '@/lib/domain/cost/export';
import { crc32 } from '@/lib/domain/files/crc32';
import { writeXlsx } from '@/lib/domain/xlsx/write';
import { readXlsxRows, unzip } from '../../../helpers/xlsx-read';

const rates = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };

describe('XLSX export of the калькуляция', () => {
  it('crc32 of a known string', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
  it('writes a workbook that reads back with the same figures', () => {
    const spec: SpecDocument = {
      schemaVersion: 1, name: 'Полка <дубовая> & Co', unit: 'шт',
      materials: [{ id: 'm', name: 'Щит', unit: 'м²', qty: '0.4', wastePct: '10', price: '2000' }],
      operations: [{ id: 'o', name: 'Сборка', hours: '0.8', rate: '500' }],
    };
    const r = calculateCost(spec, { additionalWagePct: '10', shop: { pct: '100', base: 'wages' }, general: { pct: '50', base: 'wages' }, sellingPct: '5', markupPct: '30', batchQty: '2' }, { rates });
    const bytes = writeXlsx('Калькуляция', costSheetRows(r));
    const files = unzip(bytes);
    expect([...files.keys()]).toContain('[Content_Types].xml');
    const rows = readXlsxRows(bytes);
    expect(rows[1]).toEqual(['Изделие', 'Полка <дубовая> & Co']);
    const full = rows.find((row) => row[1] === 'Полная себестоимость')!;
    expect(full.slice(2)).toEqual([r.perUnit.fullCost, r.perBatch.fullCost]);
    const a1 = rows.find((row) => row[0] === '1' && row[1] === 'Сырьё и материалы')!;
    expect(a1[2]).toBe('880.00');
    expect(a1[3]).toBe('1760.00');
    expect(rows.some((row) => row[2]?.includes('0,44 × 2\u00a0000,00 = 880,00'))).toBe(true);
  });
});
