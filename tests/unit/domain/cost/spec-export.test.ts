// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { operationsOfSet } from '@/lib/domain/business-processes';
import { calculateCost, type SpecDocument } from '@/lib/domain/cost';
import { priceHeader, priceVatMode, specSheets } from '@/lib/domain/cost/spec-export';
import { specXlsx } from '@/components/specifications/spec-xlsx';
import { formulas, readBook, sheetRows, wrongFormulas } from '../../../helpers/xlsx-read';

const header = { company: null, date: '2026-11-25', source: '', params: {} };
const specRows = (sheets: ReturnType<typeof specSheets>) => sheets[0]!.rows.map((r) => r.cells);

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
  it('writes the header, materials with ОКЕИ codes and SUM rows, operations, then the калькуляция sheets; reads back', async () => {
    const result = calculateCost(shelf, params, { rates });
    const wb = await readBook(await specXlsx(shelf, result, { header }));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Спецификация', 'Калькуляция', 'Расшифровка']);
    const rows = sheetRows(wb, 'Спецификация');
    expect(rows[0]).toEqual(['Спецификация']);
    expect(rows[1]).toEqual(['Название', 'Полка']);
    expect(rows[2]).toEqual(['Код', 'П-1']);
    expect(rows[3]).toEqual(['Единица выпуска', 'шт (код ОКЕИ 796)']);
    expect(rows[4]).toEqual(['Выпуск, ед.', '1']);

    const head = rows.findIndex((r) => r?.[0] === '№' && r[1] === 'Наименование');
    expect(rows[head]).toEqual([
      '№', 'Наименование', 'Ед. изм.', 'Код ОКЕИ', 'Нетто', 'Отходы', 'Способ учёта отходов', 'Брутто', 'Цена, ₽ без НДС', 'Сумма, ₽', 'Статья',
      'Возвр. отходы (вычитаются), кол-во', 'Возвр. отходы, ₽/ед.', 'Возвр. отходы (вычитаются), ₽',
    ]);
    expect(rows[head + 1]).toEqual(['1', 'Щит', 'м²', '055', '0.4', '0.1', 'сверх нормы', '0.44', '2000', '880', '1 Материалы', '0.02', '100', '2']);
    expect(rows[head + 2]).toEqual(['2', 'Крепёж', 'компл', '839', '1', '0', 'сверх нормы', '1', '150', '150', '3 Покупные, п/ф']);
    const ws = wb.getWorksheet('Спецификация')!;
    const total = ws.getRow(head + 4);
    expect(total.getCell(2).value).toBe('Итого');
    expect(total.getCell(10).value).toEqual({ formula: `SUM(J${head + 2}:J${head + 3})`, result: 1030 });
    expect(total.getCell(14).value).toEqual({ formula: `SUM(N${head + 2}:N${head + 3})`, result: 2 });
    expect(total.getCell(10).font?.bold).toBe(true);
    expect(ws.getRow(head + 2).getCell(6).numFmt).toBe('0.00%');
    // Written «#,##0.00\\ "₽"»; exceljs drops the backslash when it reads the style back.
    expect(ws.getRow(head + 2).getCell(10).numFmt).toMatch(/^#,##0\.00\\? "₽"$/);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: head + 1 });
    expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', paperSize: 9, fitToWidth: 1 });

    const ops = rows.findIndex((r) => r?.[1] === 'Операция');
    expect(rows[ops - 1]).toEqual(['Операции']);
    expect(rows[ops + 1]).toEqual(['1', 'Сборка', '0.8', '500', '400', '0.5', '200', '100']);
    expect(rows[ops + 2]!.slice(1, 8)).toEqual(['Итого', '', '', '400', '', '', '100']);

    const calc = sheetRows(wb, 'Калькуляция');
    const full = calc.find((r) => r?.[1] === 'Полная себестоимость')!;
    expect(full.slice(2)).toEqual([result.perOutput.fullCost, result.perUnit.fullCost, result.perBatch.fullCost].map((v) => String(Number(v))));
    // Returnable waste is shown positive (the title says it is subtracted).
    const a2 = calc.find((r) => r?.[0] === '2')!;
    expect(a2.slice(1, 3)).toEqual(['Возвратные отходы (вычитаются)', '2']);
    expect(formulas(wb).length).toBeGreaterThan(40);
    expect(wrongFormulas(wb)).toEqual([]);
  });

  it('a linked process set: its operations and energy lines are listed as the calculation used them', async () => {
    const set = { name: 'Столярка', steps: [{ id: 's1', name: 'Распил', time: '30', timeUnit: 'мин' as const, rate: '600', equipment: { name: 'Пила', powerKw: '2', tariff: '7' } }] };
    const doc: SpecDocument = { ...shelf, processSetId: 'set-1' };
    const used = operationsOfSet(set, '1');
    // what the server calculates (lib/server/services/cost/calculate-cost.ts, withProcessSet)
    const result = calculateCost({ ...doc, operations: [...doc.operations, ...used.operations], materials: [...doc.materials, ...used.energy] }, params, { rates });
    const rows = sheetRows(await readBook(await specXlsx(doc, result, { processSetName: 'Столярка', header })));
    expect(rows).toContainEqual(['Операции из набора процессов', 'Столярка']);
    expect(rows).toContainEqual(['3', 'Электроэнергия: Пила', 'кВт·ч', '245', '1', '0', 'сверх нормы', '1', '7', '7', '4 Энергия']);
    const ops = rows.findIndex((r) => r?.[1] === 'Операция');
    expect(rows[ops + 2]).toEqual(['2', 'Распил', '0.5', '600', '300']);
  });

  it('prices with VAT: the header says so; mixed lines say it per line', () => {
    expect(priceVatMode(shelf.materials)).toBe('without');
    const withVat = shelf.materials.map((m) => ({ ...m, priceIncludesVat: true }));
    expect(priceVatMode(withVat)).toBe('with');
    expect(priceHeader('with')).toBe('Цена, ₽ с НДС');
    const mixed: SpecDocument = { ...shelf, materials: [withVat[0]!, shelf.materials[1]!] };
    const rows = specRows(specSheets(mixed, calculateCost(mixed, params, { rates }), { header }));
    const head = rows.findIndex((r) => r[0] === '№' && r[1] === 'Наименование');
    expect(rows[head]![8]).toBe('Цена, ₽ (с НДС или без — по строке)');
    expect(rows[head + 1]![8]).toBe('2000 с НДС');
    expect(rows[head + 2]![8]).toBe('150 без НДС');
  });

  it('numbers typed with a comma or digit groups are written as numbers', () => {
    const typed: SpecDocument = { ...shelf, materials: [{ ...shelf.materials[0]!, qty: '0,4', wastePct: '10,0', price: '2 000' }] };
    const rows = specRows(specSheets(typed, calculateCost({ ...typed, materials: [{ ...shelf.materials[0]! }] }, params, { rates }), { header }));
    const head = rows.findIndex((r) => r[0] === '№' && r[1] === 'Наименование');
    expect(rows[head + 1]!.slice(4, 10)).toEqual([
      { n: '0.4', fmt: 'qty' }, { n: '0.1', fmt: 'pct' }, 'сверх нормы', { n: '0.44', fmt: 'qty' }, { n: '2000', fmt: 'price' }, { n: '880.00', fmt: 'money' },
    ]);
  });
});
