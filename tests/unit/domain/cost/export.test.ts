// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import { calculateCost, SEMI_FINISHED_METHOD_TITLES, type SpecDocument } from '@/lib/domain/cost';
import { CALC_SHEET, costSheets, LINES_SHEET } from '@/lib/domain/cost/export';
import { columnWidths, shownText, wrappedLines } from '@/lib/domain/xlsx/model';
import { Dec } from '@/lib/domain/money';
import { costXlsx } from '@/components/cost/export';
import type { CostBookHeader } from '@/lib/domain/cost/export-header';
import type { PrintCompany } from '@/lib/domain/cost/print-header';
import { formulas, readBook, sheetRows, unzip, wrongFormulas } from '../../../helpers/xlsx-read';

const rates = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };
const params = { additionalWagePct: '10', shop: { pct: '100', base: 'wages' as const }, general: { pct: '50', base: 'wages' as const }, sellingPct: '5', markupPct: '30' };

const shelf: SpecDocument = {
  schemaVersion: 1, name: 'Полка <дубовая> & Co', unit: 'шт', outputQty: '3',
  materials: [
    { id: 'm', name: 'Щит', unit: 'м²', qty: '1.2', wastePct: '10', price: '2000', returnable: { qty: '0.05', price: '100' } },
    { id: 'k', name: 'Кромка', unit: 'пог. м', qty: '4.7', price: '13.37' },
  ],
  operations: [{ id: 'o', name: 'Сборка', hours: '2.5', rate: '517', machineHours: '1', machineRate: '213' }],
};

const frame: SpecDocument = {
  schemaVersion: 1, name: 'Каркас', unit: 'шт', outputQty: '2',
  materials: [{ id: 'b', name: 'Брус', unit: 'м', qty: '3', price: '120', returnable: { qty: '0.2', price: '10' } }],
  operations: [{ id: 'c', name: 'Распил', hours: '0.5', rate: '600' }],
};
const table: SpecDocument = {
  schemaVersion: 1, name: 'Стол', unit: 'шт',
  materials: [
    { id: 'top', name: 'Столешница', unit: 'шт', qty: '1', price: '2500' },
    { id: 'fr', name: 'Каркас', unit: 'шт', qty: '1', specId: 'frame', article: 'purchased' },
  ],
  operations: [{ id: 'a', name: 'Сборка', hours: '1', rate: '500' }],
};

/** The 1-based row whose column B reads `title`. */
const company: PrintCompany = {
  kind: 'legal', fullName: 'ООО «Мастерская Дуб»', inn: '7701234567', kpp: '770101001', ogrn: '', legalAddress: '', phone: '', email: '',
  directorName: '', directorTitle: '', accountantName: '', bankAccounts: [],
};
const book: CostBookHeader = { company, date: '2026-11-25', source: 'параметры компании «Мастерская Дуб»', params };

const rowOf = (ws: ExcelJS.Worksheet, title: string) => {
  let at = 0;
  ws.eachRow((row, r) => {
    if (!at && row.getCell(2).value === title) at = r;
  });
  return at;
};

describe('XLSX export of the калькуляция', () => {
  it('статьи with subtotals in place (bold), SUM/SUMIF/ROUND formulas that give the engine\'s figures, formats, widths, frozen header, A4 landscape', async () => {
    const r = calculateCost(shelf, { ...params, batchQty: '7' }, { rates });
    const wb = await readBook(await costXlsx(r, book));
    expect(wb.worksheets.map((w) => w.name)).toEqual([CALC_SHEET, LINES_SHEET]);
    const ws = wb.getWorksheet(CALC_SHEET)!;
    const rows = sheetRows(wb, CALC_SHEET);
    // The heading, like the print form's: company, date, product, output, batch, where the parameters came from, rates.
    expect(rows.slice(1, 8)).toEqual([
      ['', 'Организация', 'ООО «Мастерская Дуб»; ИНН 7701234567, КПП 770101001'],
      ['', 'Дата расчёта', '25.11.2026'],
      ['', 'Изделие', 'Полка <дубовая> & Co'],
      ['', 'Единица измерения', 'шт (код ОКЕИ 796)'],
      ['', 'Выпуск в расчёте', '3'],
      ['', 'Партия', '7'],
      ['', 'Параметры', 'параметры компании «Мастерская Дуб»'],
    ]);
    const note = (label: string) => rows.find((row) => row[1] === label)?.[2];
    expect(note('Налоговый режим')).toBe('ОСНО');
    expect(note('НДС поставщиков')).toBe('22\u00a0%, к вычету: цены в расшифровке без НДС');
    expect(note('Общепроизводственные расходы')).toBe('100\u00a0% от основной ЗП');
    expect(note('Общехозяйственные расходы')).toBe('50\u00a0% от основной ЗП');
    expect(note('Коммерческие расходы')).toBe('5\u00a0% от производственной себестоимости');
    expect(note('Потери от брака')).toBe('нет');
    expect(note('Цена')).toBe('наценка 30\u00a0% к полной себестоимости');

    // Subtotals right after статьи 10, 13 and 14, bold; a статья row is not.
    const art = (no: number) => rows.findIndex((row) => row[0] === String(no)) + 1;
    expect(rowOf(ws, 'Цеховая себестоимость')).toBe(art(10) + 1);
    expect(rowOf(ws, 'Производственная себестоимость')).toBe(art(13) + 1);
    expect(rowOf(ws, 'Полная себестоимость')).toBe(art(14) + 1);
    for (const t of ['Цеховая себестоимость', 'Производственная себестоимость', 'Полная себестоимость', 'Отпускная цена с НДС']) {
      expect(ws.getRow(rowOf(ws, t)).getCell(3).font?.bold, t).toBe(true);
    }
    expect(ws.getRow(art(5)).getCell(3).font?.bold).toBeFalsy();

    // Formulas with the right ranges, cached values equal to the engine's figures.
    const w = rowOf(ws, 'Цеховая себестоимость');
    expect(ws.getCell(`C${w}`).value).toEqual({ formula: `C${art(1)}-C${art(2)}+SUM(C${art(3)}:C${art(10)})`, result: Number(r.perOutput.workshopCost) });
    expect(ws.getCell(`D${w}`).value).toEqual({ formula: `D${art(1)}-D${art(2)}+SUM(D${art(3)}:D${art(10)})`, result: Number(r.perUnit.workshopCost) });
    const p = rowOf(ws, 'Производственная себестоимость');
    expect(ws.getCell(`E${p}`).value).toEqual({ formula: `E${w}+SUM(E${art(11)}:E${art(13)})`, result: Number(r.perBatch.productionCost) });
    const f = rowOf(ws, 'Полная себестоимость');
    expect(ws.getCell(`E${f}`).value).toEqual({ formula: `E${p}+E${art(14)}`, result: Number(r.perBatch.fullCost) });
    const lines = wb.getWorksheet(LINES_SHEET)!;
    const lastLine = 2 + r.lines.length;
    expect((ws.getCell(`C${art(1)}`).value as { formula: string }).formula).toBe(`SUMIF('Расшифровка'!$A$3:$A$${lastLine},1,'Расшифровка'!$H$3:$H$${lastLine})`);
    expect((ws.getCell(`D${art(1)}`).value as { formula: string }).formula).toBe(`ROUND(C${art(1)}/$C$6,2)`);
    expect((ws.getCell(`E${art(1)}`).value as { formula: string }).formula).toBe(`ROUND(D${art(1)}*$C$7,2)`);
    expect(formulas(wb).length).toBeGreaterThan(60);
    expect(wrongFormulas(wb)).toEqual([]);
    // The lines' total is the full cost of the output.
    const total = lines.getRow(lastLine + 1);
    expect(total.getCell(8).value).toEqual({
      formula: `SUMIF(A3:A${lastLine},"<>2",H3:H${lastLine})-SUMIF(A3:A${lastLine},2,H3:H${lastLine})`,
      result: Number(r.perOutput.fullCost),
    });
    expect(total.getCell(8).font?.bold).toBe(true);

    // Returnable waste: positive, under a title that says it is subtracted.
    expect(rows[art(2) - 1]!.slice(1, 5)).toEqual(['Возвратные отходы (вычитаются)', r.perOutput.articles['2'], r.perUnit.articles['2'], r.perBatch.articles['2']].map((v, i) => (i ? String(Number(v)) : v)));
    expect(Number(r.perOutput.articles['2'])).toBeGreaterThan(0);

    // Formats: money, percentages.
    expect(ws.getCell(`C${art(1)}`).numFmt).toMatch(/^#,##0\.00\\? "₽"$/);
    expect(ws.getCell(`D${rowOf(ws, 'Наценка')}`).numFmt).toBe('0.00%');
    expect(ws.getCell(`D${rowOf(ws, 'Наценка')}`).value).toMatchObject({ result: 0.3 });

    // Widths fit the text: the статья column holds the longest title; money columns their figures.
    const longest = Math.max(...rows.slice(3).map((row) => (row[1] ?? '').length));
    expect(ws.getColumn(2).width).toBeGreaterThanOrEqual(longest);
    expect(ws.getColumn(3).width).toBeGreaterThanOrEqual(shownText({ n: r.perOutput.priceWithVat, fmt: 'money' }).length);
    expect(lines.getColumn(7).width).toBeLessThanOrEqual(48);

    // Frozen header; A4 landscape, fitted to the width.
    const header = rows.findIndex((row) => row[0] === '№') + 1;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: header });
    expect(lines.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    for (const sheet of wb.worksheets) expect(sheet.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });

    // ОКЕИ codes beside the units of the lines.
    const lineRows = sheetRows(wb, LINES_SHEET);
    expect(lineRows[1]).toEqual(['Статья', 'Строка', 'Ед. изм.', 'Код ОКЕИ', 'Количество', 'Цена без НДС, ₽', 'Расчёт', 'Сумма, ₽']);
    expect(lineRows.find((row) => row[1] === 'Щит')!.slice(2, 4)).toEqual(['м²', '055']);
    expect(lineRows.find((row) => row[1] === 'Кромка')!.slice(2, 4)).toEqual(['пог. м', '018']);
  });

  it('директ-костинг: статья 11 below производственная and inside полная', async () => {
    const r = calculateCost(shelf, { ...params, directCosting: true }, { rates });
    const wb = await readBook(await costXlsx(r, book));
    const ws = wb.getWorksheet(CALC_SHEET)!;
    const rows = sheetRows(wb, CALC_SHEET);
    const art = (no: number) => rows.findIndex((row) => row[0] === String(no)) + 1;
    const p = rowOf(ws, 'Производственная себестоимость');
    expect(p).toBe(art(13) + 1);
    expect(art(11)).toBe(p + 1);
    expect(ws.getCell(`D${p}`).value).toMatchObject({ formula: `D${rowOf(ws, 'Цеховая себестоимость')}+SUM(D${art(12)}:D${art(13)})` });
    expect(ws.getCell(`D${rowOf(ws, 'Полная себестоимость')}`).value).toMatchObject({ formula: `D${p}+SUM(D${art(11)}:D${art(14)})`, result: Number(r.perUnit.fullCost) });
    expect(wrongFormulas(wb)).toEqual([]);
  });

  it('nested semi-finished goods: each with its own lines table and a производственная total', async () => {
    for (const semiFinishedMethod of ['flow', 'semi'] as const) {
      const r = calculateCost(table, { ...params, semiFinishedMethod }, { rates, resolve: (id) => (id === 'frame' ? frame : undefined) });
      const wb = await readBook(await costXlsx(r, book));
      const lines = sheetRows(wb, LINES_SHEET);
      const caption = lines.findIndex((row) => row[0] === 'Полуфабрикат «Каркас»: на выпуск 2 шт');
      expect(caption, semiFinishedMethod).toBeGreaterThan(0);
      expect(lines[caption + 1]![1]).toBe('Строка');
      const total = lines.findIndex((row, i) => i > caption && row[1] === 'Производственная себестоимость выпуска (статья 2 вычитается)');
      expect(lines[total]![7]).toBe(String(Number(r.nested[0]!.productionCost)));
      expect(wb.getWorksheet(LINES_SHEET)!.getCell(`H${total + 1}`).value).toHaveProperty('formula');
      expect(sheetRows(wb, CALC_SHEET)).toContainEqual(['', 'Метод учёта полуфабрикатов', SEMI_FINISHED_METHOD_TITLES[semiFinishedMethod]]);
      expect(wrongFormulas(wb), semiFinishedMethod).toEqual([]);
    }
  });

  it('column widths come from the shown text and are capped for wrapped columns', () => {
    const r = calculateCost(shelf, params, { rates });
    const [calc, lines] = costSheets(r, book);
    const widths = columnWidths(calc!);
    expect(widths[1]).toBe(Math.min(60, Math.max(...calc!.rows.filter((row) => !row.kind || row.kind === 'header' || row.kind === 'subtotal').map((row) => shownText(row.cells[1] ?? null).length)) + 2));
    expect(columnWidths(lines!)[6]).toBe(48);
  });

  it('«Цена» is on the basis of «Сумма»: количество × цена = сумма on every line, whatever VAT the price was entered with', async () => {
    const legs: SpecDocument = {
      schemaVersion: 1, name: 'Ножки', unit: 'шт',
      materials: [
        { id: 'a', name: 'Ножка с НДС 22 %', unit: 'шт', qty: '3.3', price: '99', priceIncludesVat: true },
        { id: 'b', name: 'Ножка с НДС 10 %', unit: 'шт', qty: '7', price: '35.5', priceIncludesVat: true, priceVatPct: '10' },
        { id: 'c', name: 'Ножка «без НДС»', unit: 'шт', qty: '3.3', price: '99', priceIncludesVat: true, priceVatPct: 'none' },
        { id: 'd', name: 'Ножка без НДС', unit: 'шт', qty: '2', price: '29.1' },
      ],
      operations: [],
    };
    for (const taxRegime of ['osno', 'usn15'] as const) {
      const r = calculateCost(legs, { taxRegime }, { rates });
      const rows = sheetRows(await readBook(await costXlsx(r, book)), LINES_SHEET);
      expect(rows[1]![5]).toBe(r.purchaseVatInCost ? 'Цена с НДС, ₽' : 'Цена без НДС, ₽');
      for (const l of r.lines.filter((x) => x.price)) {
        const row = rows.find((x) => x[1] === l.name)!;
        expect(new Dec(row[4]!).times(row[5]!).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2), `${taxRegime} ${l.name}`).toBe(l.amount);
        expect(row[7]).toBe(String(Number(l.amount)));
      }
      const price = (name: string) => rows.find((x) => x[1] === name)![5];
      if (taxRegime === 'osno') {
        expect([price('Ножка с НДС 22 %'), price('Ножка с НДС 10 %'), price('Ножка «без НДС»'), price('Ножка без НДС')]).toEqual(['81.147541', '32.272727', '99', '29.1']);
        expect(r.lines.filter((l) => l.price).map((l) => l.amount)).toEqual(['267.79', '225.91', '326.70', '58.20']);
      } else {
        // VAT is a cost: a price without it is raised by the line's rate (the калькуляция's 22 % here).
        expect(price('Ножка без НДС')).toBe('35.502');
      }
    }
  });

  it('every formula carries its cached value (zero too), and rows with wrapped text are as tall as it', async () => {
    const r = calculateCost(shelf, params, { rates });
    const files = unzip(await costXlsx(r, book));
    for (const [name, xml] of files) {
      if (!name.startsWith('xl/worksheets/sheet')) continue;
      const cells = xml.toString().match(/<c [^>]*>.*?<\/c>/g) ?? [];
      const withFormula = cells.filter((c) => c.includes('<f>'));
      expect(withFormula.length, name).toBeGreaterThan(0);
      expect(withFormula.filter((c) => !/<v>[^<]*<\/v>/.test(c)), name).toEqual([]);
    }
    const wb = await readBook(await costXlsx(r, book));
    const ws = wb.getWorksheet(LINES_SHEET)!;
    const width = ws.getColumn(7).width!;
    let tall = 0;
    ws.eachRow((row, n) => {
      const text = String(row.getCell(7).value ?? '');
      if (n > 2 && typeof row.getCell(7).value === 'string' && text.length > width) {
        expect(row.height, text).toBe(15 * wrappedLines(text, width));
        expect(row.height).toBeGreaterThanOrEqual(30);
        tall++;
      }
    });
    expect(tall).toBeGreaterThan(0);
  });

  it('wrappedLines: words fill a line up to the width, a long word breaks over as many lines as it needs', () => {
    expect(wrappedLines('', 10)).toBe(1);
    expect(wrappedLines('один два', 10)).toBe(1);
    expect(wrappedLines('один два три', 10)).toBe(2);
    expect(wrappedLines('абвгдежзийклмнопрст', 10)).toBe(3);
    expect(wrappedLines('а\nб\nв', 40)).toBe(3);
  });
});
