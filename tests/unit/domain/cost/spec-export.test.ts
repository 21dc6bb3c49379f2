import { describe, expect, it } from 'vitest';
import { calculateCost, operationsOfSet, type SpecDocument } from '@/lib/domain/cost';
import { priceHeader, priceVatMode, specSheetRows } from '@/lib/domain/cost/spec-export';
import { specXlsx } from '@/components/specifications/spec-xlsx';
import { readXlsxRows } from '../../../helpers/xlsx-read';

const rates = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };
const params = { additionalWagePct: '10', shop: { pct: '100', base: 'wages' as const }, general: { pct: '50', base: 'wages' as const }, sellingPct: '5', markupPct: '30' };

const shelf: SpecDocument = {
  schemaVersion: 1,
  name: 'Полка',
  code: 'П-1',
  unit: 'шт',
  outputQty: '1',
  materials: [
    { id: 'm1', name: 'Щит', unit: 'м²', qty: '0.4', wastePct: '10', wasteMode: 'uplift', price: '2000', returnable: { qty: '0.02', price: '100' } },
    { id: 'm2', name: 'Крепёж', unit: 'компл', qty: '1', price: '150', article: 'purchased' },
  ],
  operations: [{ id: 'o1', name: 'Сборка', hours: '0.8', rate: '500', machineHours: '0.5', machineRate: '200' }],
};

describe('XLSX export of a specification with its калькуляция', () => {
  it('writes the header, materials, operations and the калькуляция; reads back', () => {
    const result = calculateCost(shelf, params, { rates });
    const rows = readXlsxRows(specXlsx(shelf, result));
    expect(rows[0]).toEqual(['Спецификация']);
    expect(rows[1]).toEqual(['Название', 'Полка']);
    expect(rows[2]).toEqual(['Код', 'П-1']);
    expect(rows[3]).toEqual(['Единица выпуска', 'шт']);
    expect(rows[4]).toEqual(['Выпуск, ед.', '1']);

    const head = rows.findIndex((r) => r?.[0] === '№' && r[1] === 'Наименование');
    expect(rows[head]).toEqual(['№', 'Наименование', 'Ед.', 'Нетто', 'Отходы, %', 'Способ учёта отходов', 'Брутто', 'Цена, ₽ без НДС', 'Сумма, ₽', 'Статья', 'Возвр. отходы, кол-во', 'Возвр. отходы, ₽/ед.', 'Возвр. отходы, ₽']);
    expect(rows[head + 1]).toEqual(['1', 'Щит', 'м²', '0.4', '10', 'сверх нормы', '0.44', '2000', '880.00', '1 Материалы', '0.02', '100', '2.00']);
    expect(rows[head + 2]).toEqual(['2', 'Крепёж', 'компл', '1', '0', 'сверх нормы', '1', '150', '150.00', '3 Покупные, п/ф']);

    const ops = rows.findIndex((r) => r?.[1] === 'Операция');
    expect(rows[ops - 1]).toEqual(['Операции']);
    expect(rows[ops + 1]).toEqual(['1', 'Сборка', '0.8', '500', '400.00', '0.5', '200', '100.00']);

    expect(rows.some((r) => r?.[0] === 'Плановая калькуляция себестоимости')).toBe(true);
    const full = rows.find((r) => r?.[1] === 'Полная себестоимость')!;
    expect(full.slice(2)).toEqual([result.perUnit.fullCost, result.perBatch.fullCost]);
    const a2 = rows.find((r) => r?.[0] === '2' && r[1] === 'Возвратные отходы (вычитаются)')!;
    expect(a2[2]).toBe('-2.00');
  });

  it('a linked process set: its operations and energy lines are listed as the calculation used them', () => {
    const set = { name: 'Столярка', steps: [{ id: 's1', name: 'Распил', time: '30', timeUnit: 'мин' as const, rate: '600', equipment: { name: 'Пила', powerKw: '2', tariff: '7' } }] };
    const doc: SpecDocument = { ...shelf, processSetId: 'set-1' };
    const used = operationsOfSet(set, '1');
    // what the server calculates (lib/server/services/cost/calculate-cost.ts, withProcessSet)
    const result = calculateCost({ ...doc, operations: [...doc.operations, ...used.operations], materials: [...doc.materials, ...used.energy] }, params, { rates });
    const rows = readXlsxRows(specXlsx(doc, result, { processSetName: 'Столярка' }));
    expect(rows).toContainEqual(['Операции из набора процессов', 'Столярка']);
    expect(rows).toContainEqual(['3', 'Электроэнергия: Пила', 'кВт·ч', '1', '0', 'сверх нормы', '1', '7', '7.00', '4 Энергия']);
    const ops = rows.findIndex((r) => r?.[1] === 'Операция');
    expect(rows[ops + 2]).toEqual(['2', 'Распил', '0.5', '600', '300.00']);
  });

  it('prices with VAT: the header says so; mixed lines say it per line', () => {
    expect(priceVatMode(shelf.materials)).toBe('without');
    const withVat = shelf.materials.map((m) => ({ ...m, priceIncludesVat: true }));
    expect(priceVatMode(withVat)).toBe('with');
    expect(priceHeader('with')).toBe('Цена, ₽ с НДС');
    const mixed: SpecDocument = { ...shelf, materials: [withVat[0]!, shelf.materials[1]!] };
    const rows = specSheetRows(mixed, calculateCost(mixed, params, { rates }));
    const head = rows.findIndex((r) => r[0] === '№' && r[1] === 'Наименование');
    expect(rows[head]![7]).toBe('Цена, ₽ (с НДС или без — по строке)');
    expect(rows[head + 1]![7]).toBe('2000 с НДС');
    expect(rows[head + 2]![7]).toBe('150 без НДС');
  });

  it('numbers typed with a comma or digit groups are written as numbers', () => {
    const typed: SpecDocument = { ...shelf, materials: [{ ...shelf.materials[0]!, qty: '0,4', wastePct: '10,0', price: '2 000' }] };
    const rows = specSheetRows(typed, calculateCost({ ...typed, materials: [{ ...shelf.materials[0]! }] }, params, { rates }));
    const head = rows.findIndex((r) => r[0] === '№' && r[1] === 'Наименование');
    expect(rows[head + 1]!.slice(3, 9)).toEqual([{ n: '0.4' }, { n: '10' }, 'сверх нормы', { n: '0.44' }, { n: '2000' }, { n: '880.00' }]);
  });
});
